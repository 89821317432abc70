/** What written copy is, wherever it comes from, and why a language model's answer was not used. */
import type { Lang } from '@vitrine/shared/locale';

export const TEXT_PROVIDERS = ['local', 'openai'] as const;
export type TextProviderName = (typeof TEXT_PROVIDERS)[number];

/** Why the local copywriter wrote the copy when the model was asked. Never the model's own text. */
export type TextFallbackReason =
  'timeout' | 'network' | `http_${number}` | 'malformed_response' | 'too_large' | 'invalid_copy';

/** The check an answer failed (check.ts), for `invalid_copy`. */
export type CopyIssue =
  | 'not_text'
  | 'empty'
  | 'multiline'
  | 'too_long'
  | 'markup'
  | 'quoted'
  | 'url'
  | 'wrong_language'
  | 'invented_figure'
  | 'invented_claim'
  | 'too_few';

export type TextFallback = {
  reason: TextFallbackReason;
  status?: number;
  code?: string;
  type?: string;
  issue?: CopyIssue;
};

/** The Express headline and supporting line, as the engine sets them and its metadata reports them. */
export type ExpressCopy = {
  source: TextProviderName;
  headline: string;
  supporting: string | null;
  language: Lang;
  /** Set when the model was asked and the local copywriter wrote the copy instead. */
  fallback?: TextFallback;
};
