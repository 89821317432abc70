/**
 * Checks a line a language model wrote before it is used: one plain line within its length, in the
 * requested language, no markup, no quotes around it, no web address, and no figure or commercial
 * promise the source text did not already hold (a model readily invents "-20 %" or "free delivery").
 */
import type { Lang } from '@vitrine/shared/locale';
import { detectLanguage } from './language';
import type { CopyIssue } from './types';
import { foldedWords } from './words';

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const MARKUP = /[<>*_`#~|\\{}]|\[[^\]]*\]|^\s*(?:[-+•]|\d+[.)])\s/;
const QUOTES = /^["'“”«»‘’„`].*["'“”«»‘’„`]$|^["“«‘„`]/s;
const URL =
  /\b(?:https?:\/\/|www\.)|@\w|\b[\w-]+\.(?:com|fr|net|org|io|co|shop|store|eu|uk|be|ch|ca|app|dev|info|biz)\b/i;
const FIGURE = /\d+(?:[.,]\d+)?|[€$£¥%]/g;

/** Promises a shop must be able to keep: never added unless the source says them. */
const CLAIMS = new Set(
  `best free cheapest cheap discount sale offer guaranteed guarantee delivery delivered shipping award
  winning certified official unique number premium lowest
  perfect ultimate ideal incomparable exceptional unbeatable
  meilleur meilleure meilleurs meilleures parfait parfaite parfaits parfaites ultime ideale ideaux
  exceptionnel exceptionnelle incomparables gratuit gratuite gratuits gratuites offert offerte offerts
  promo promotion remise soldes reduction livraison livre garanti garantie certifie officiel unique
  numero premium imbattable`
    .split(/\s+/)
    .filter(Boolean),
);

export type LineCheck = { ok: true; text: string } | { ok: false; issue: CopyIssue };

export function checkLine(
  value: unknown,
  { max, language, source }: { max: number; language: Lang; source: string },
): LineCheck {
  if (typeof value !== 'string') return { ok: false, issue: 'not_text' };
  const text = value.normalize('NFC').trim();
  if (!text) return { ok: false, issue: 'empty' };
  if (/[\r\n]/.test(text) || CONTROL.test(text)) return { ok: false, issue: 'multiline' };
  if (text.length > max) return { ok: false, issue: 'too_long' };
  if (QUOTES.test(text)) return { ok: false, issue: 'quoted' };
  if (URL.test(text)) return { ok: false, issue: 'url' };
  if (MARKUP.test(text)) return { ok: false, issue: 'markup' };
  const detected = detectLanguage(text);
  if (detected && detected !== language) return { ok: false, issue: 'wrong_language' };
  const invented = inventedClaim(text, source);
  return invented ? { ok: false, issue: invented } : { ok: true, text };
}

/**
 * A figure (digits, a currency, a percentage) or a promise ("best", "meilleur", "parfait", "free",
 * "livraison"…) that `text` says and `source`, what the user wrote, does not: null when there is none.
 */
export function inventedClaim(text: string, source: string): 'invented_figure' | 'invented_claim' | null {
  const known = new Set((source.match(FIGURE) ?? []).map((figure) => figure.replace(',', '.')));
  if ((text.match(FIGURE) ?? []).some((figure) => !known.has(figure.replace(',', '.')))) {
    return 'invented_figure';
  }
  const sourceWords = new Set(foldedWords(source));
  if (foldedWords(text).some((word) => CLAIMS.has(word) && !sourceWords.has(word))) return 'invented_claim';
  return null;
}
