/**
 * Which typographic rules a text's language takes, for the image's metadata. The rules themselves are
 * in @vitrine/shared/typography: the editor's preview applies them too.
 */
import type { Lang } from '@vitrine/shared/locale';
import type { LanguageSource } from '../copy/language';

export const TYPOGRAPHY_RULES = { fr: 'french', en: 'english' } as const satisfies Record<Lang, string>;
export type TypographyRules = (typeof TYPOGRAPHY_RULES)[Lang];

/** What the metadata says about the text of an image: its language, where it came from, the rules used. */
export type TypographyChoice = { language: Lang; source: LanguageSource; rules: TypographyRules };

export function typographyChoice(language: Lang, source: LanguageSource): TypographyChoice {
  return { language, source, rules: TYPOGRAPHY_RULES[language] };
}
