/** The typographic rules of a text's language: French rules for French text, English for English. */
import type { Lang } from '@vitrine/shared/locale';
import { LOCALE_BY_LANG } from '@vitrine/shared/locale';
import { englishTypography } from './english-typography';
import { frenchTypography } from './french-typography';
import type { LanguageSource } from './language';

export const TYPOGRAPHY_RULES = { fr: 'french', en: 'english' } as const satisfies Record<Lang, string>;
export type TypographyRules = (typeof TYPOGRAPHY_RULES)[Lang];

/** What the metadata says about the text of an image: its language, where it came from, the rules used. */
export type TypographyChoice = { language: Lang; source: LanguageSource; rules: TypographyRules };

export function typographyChoice(language: Lang, source: LanguageSource): TypographyChoice {
  return { language, source, rules: TYPOGRAPHY_RULES[language] };
}

/** U+2060 WORD JOINER: no line break here. */
const NO_BREAK = '\u2060';

/**
 * The language's rules, then one for both: a slash between two letters or digits (7j/7, 24/7, and/or)
 * never ends a line.
 */
export function applyTypography(text: string, language: Lang): string {
  const set = language === 'fr' ? frenchTypography(text) : englishTypography(text);
  return set.replace(/([\p{L}\p{N}])\/(?=[\p{L}\p{N}])/gu, `$1/${NO_BREAK}`);
}

/** Capitals by the language's own rules. */
export const upperCase = (text: string, language: Lang) => text.toLocaleUpperCase(LOCALE_BY_LANG[language]);
