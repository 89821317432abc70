/**
 * The copywriter chosen by TEXT_PROVIDER: the local rule-based one (default), or an OpenAI-compatible
 * chat model whose answers are checked (check.ts) and replaced by the local copy on any error, time
 * limit or unusable answer. The metadata says which one wrote, and why the local one did.
 */
import { SLOGAN_MAX_LENGTH } from '@vitrine/shared/api/generation';
import type { Lang } from '@vitrine/shared/locale';
import { resolveLanguage } from './language';
import { checkLine } from './check';
import type { TextProviderConfig } from './config';
import { HEADLINE_MAX_LENGTH, localExpressCopy, SUPPORTING_MAX_LENGTH } from './express-copy';
import { productNameOf } from './product-name';
import { localSlogans, SUGGESTION_COUNT, type SloganContext } from './slogans';
import { askForJson, TextFailure, type ChatMessage } from './text-model';
import type { ExpressCopy, TextFallback, TextProviderName } from './types';

export type SloganSuggestions = {
  source: TextProviderName;
  suggestions: string[];
  language: Lang;
  fallback?: TextFallback;
};

export type CopyLogger = { warn(details: Record<string, unknown>, message: string): void };

export type Copywriter = {
  provider: TextProviderName;
  /** The Express headline and supporting line, or null without a description. */
  expressCopy(input: {
    description?: string | null;
    /** "What is it?": the headline speaks of it. */
    productName?: string | null | undefined;
    language?: Lang | undefined;
  }): Promise<ExpressCopy | null>;
  slogans(context: SloganContext): Promise<SloganSuggestions>;
};

const LANGUAGE_NAMES: Record<Lang, string> = { fr: 'French', en: 'English' };

const RULES = (language: Lang) =>
  [
    `Write in ${LANGUAGE_NAMES[language]}.`,
    'Use only facts the user gives: never add a price, a figure, a discount, a delivery, an award or words such as "best" or "free".',
    'Plain text only: no quotation marks around lines, no emoji, no markdown, no HTML, no hashtags, no web addresses.',
    'Answer with one JSON object and nothing else.',
  ].join(' ');

function expressMessages(description: string, productName: string | null, language: Lang): ChatMessage[] {
  if (!productName) {
    return [
      {
        role: 'system',
        content: `You write the text of a promotional image for a small business. From the business description, write a short headline (the business name or its offer, at most ${HEADLINE_MAX_LENGTH} characters) and a supporting line (at most ${SUPPORTING_MAX_LENGTH} characters). ${RULES(language)} Shape: {"headline": "...", "supporting": "..."}`,
      },
      { role: 'user', content: description },
    ];
  }
  const facts = [`The product: ${productName}`, description ? `The business: ${description}` : ''];
  return [
    {
      role: 'system',
      content: `You write the text of a promotional image of a product for a small business. Write a short headline that speaks of the product, with its name as the user wrote it (at most ${HEADLINE_MAX_LENGTH} characters), and a supporting line from the business description, or an empty one without it (at most ${SUPPORTING_MAX_LENGTH} characters). ${RULES(language)} Shape: {"headline": "...", "supporting": "..."}`,
    },
    { role: 'user', content: facts.filter(Boolean).join('\n') },
  ];
}

function sloganMessages(context: SloganContext): ChatMessage[] {
  const facts = [
    context.productName ? `The product: ${context.productName}` : '',
    `Visual style: ${context.style}.`,
    `Colour palette: ${context.palette.replace('_', ' and ')}.`,
    context.typography ? `Typography: ${context.typography}.` : '',
    context.slogan ? `Current slogan: ${context.slogan}` : '',
    context.tagline ? `Tagline: ${context.tagline}` : '',
  ].filter(Boolean);
  return [
    {
      role: 'system',
      content: `You suggest slogans for a promotional image of a product. When the product is named, the slogans speak of it, not of the visual style. Suggest ${SUGGESTION_COUNT} different slogans of at most ${SLOGAN_MAX_LENGTH} characters each. ${RULES(context.language)} Shape: {"slogans": ["...", "...", "..."]}`,
    },
    { role: 'user', content: facts.join('\n') },
  ];
}

const invalid = (issue: TextFallback['issue']): TextFailure =>
  new TextFailure({ reason: 'invalid_copy', issue });

function checked(value: unknown, options: Parameters<typeof checkLine>[1]): string {
  const result = checkLine(value, options);
  if (!result.ok) throw invalid(result.issue);
  return result.text;
}

export function createCopywriter(
  config: TextProviderConfig,
  options: { logger?: CopyLogger } = {},
): Copywriter {
  const fellBack = (error: unknown, what: string): TextFallback => {
    if (!(error instanceof TextFailure)) throw error;
    options.logger?.warn(
      { ...error.fallback },
      `${what} written locally: the language model's answer was not used`,
    );
    return error.fallback;
  };

  return {
    provider: config.kind,

    async expressCopy({ description, productName, language: requested }) {
      const { language } = resolveLanguage(requested, [description, productName]);
      const written = localExpressCopy(description, { productName, language });
      const name = productNameOf(productName);
      if (!written || !(description || name)) return null;
      const local: ExpressCopy = { source: 'local', ...written, language };
      if (config.kind === 'local') return local;
      try {
        const answer = await askForJson(config, expressMessages(description ?? '', name, language));
        // The user's own words: a figure or a promise they hold is theirs, not an invention.
        const source = [name, description].filter(Boolean).join(' ');
        const headline = checked(answer.headline, { max: HEADLINE_MAX_LENGTH, language, source });
        const supporting =
          answer.supporting === null || answer.supporting === undefined || answer.supporting === ''
            ? null
            : checked(answer.supporting, { max: SUPPORTING_MAX_LENGTH, language, source });
        return { source: 'openai', headline, supporting, language };
      } catch (error) {
        return { ...local, fallback: fellBack(error, 'Express copy') };
      }
    },

    async slogans(context) {
      const local = (): SloganSuggestions => ({
        source: 'local',
        suggestions: localSlogans(context),
        language: context.language,
      });
      if (config.kind === 'local') return local();
      try {
        const answer = await askForJson(config, sloganMessages(context));
        if (!Array.isArray(answer.slogans)) throw new TextFailure({ reason: 'malformed_response' });
        const source = [context.slogan, context.tagline].filter(Boolean).join(' ');
        const suggestions: string[] = [];
        let firstIssue: TextFallback['issue'];
        for (const line of answer.slogans.slice(0, SUGGESTION_COUNT * 2)) {
          const result = checkLine(line, { max: SLOGAN_MAX_LENGTH, language: context.language, source });
          if (!result.ok) firstIssue ??= result.issue;
          else if (!suggestions.includes(result.text)) suggestions.push(result.text);
        }
        if (suggestions.length < SUGGESTION_COUNT) throw invalid(firstIssue ?? 'too_few');
        return {
          source: 'openai',
          suggestions: suggestions.slice(0, SUGGESTION_COUNT),
          language: context.language,
        };
      } catch (error) {
        return { ...local(), fallback: fellBack(error, 'Slogan suggestions') };
      }
    },
  };
}
