/**
 * Which language a short marketing text is written in, French or English, for the typography and the
 * checks on written copy. A small heuristic: accented letters and French elisions (l’, d’, qu’…) count
 * for French, and so do the most common function words of each language. Short texts often give no
 * sign at all: the answer is then null and the caller decides.
 */
import type { Lang } from '@vitrine/shared/locale';

const FRENCH_WORDS = new Set(
  `le la les des du un une et est sont au aux pour avec dans sur par chez nos notre votre vos vous nous
  ils elle qui que quoi ce cette ces cet son sa ses leur leurs ou où pas plus très tout tous toute toutes
  bien fait faits faite maison depuis sans sous entre aussi mais donc ici avant après comme chaque même
  nouveau nouvelle nouveaux vos petit petite grand grande bon bonne meilleur meilleure jour jours`
    .split(/\s+/)
    .filter(Boolean),
);

const ENGLISH_WORDS = new Set(
  `the and of to for with from our your we you is are be was this that these those it its or not
  all more most new best shop store made since by at into out get just only every each day days
  here there their they what when where who why how will can make makes fresh today`
    .split(/\s+/)
    .filter(Boolean),
);

/** Letters English words almost never carry (café and résumé are the exceptions that prove it). */
const FRENCH_LETTERS = /[àâæçéèêëîïôœùûüÿ]/;
/** l’atelier, d’ici, qu’on, c’est, j’aime, n’attendez, s’offrir, jusqu’à. */
const ELISION = /^(?:l|d|qu|c|j|n|s|m|t|jusqu|lorsqu|puisqu)['’]\p{L}/u;
/** English contractions and possessives: don't, we're, it's, shop's. */
const CONTRACTION = /^\p{L}+['’](?:t|re|s|ll|ve|d|m)$/u;

export type LanguageScores = { fr: number; en: number };

export function languageScores(text: string): LanguageScores {
  const scores = { fr: 0, en: 0 };
  const words =
    text
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}'’]+/gu) ?? [];
  for (const word of words) {
    if (ELISION.test(word)) scores.fr += 2;
    else if (CONTRACTION.test(word)) scores.en += 2;
    if (FRENCH_LETTERS.test(word)) scores.fr += 2;
    if (FRENCH_WORDS.has(word)) scores.fr += 1;
    if (ENGLISH_WORDS.has(word)) scores.en += 1;
  }
  return scores;
}

/** French or English by the signs in the text, or null when there are none or they balance. */
export function detectLanguage(text: string): Lang | null {
  const { fr, en } = languageScores(text);
  if (fr === en) return null;
  return fr > en ? 'fr' : 'en';
}

/** Where a text's language came from: what the request said, the text itself, or the product default. */
export type LanguageSource = 'request' | 'detected' | 'default';

/**
 * The language to set and write in: the interface language sent with the request when there is one,
 * otherwise the one detected in the texts, otherwise French (the dashboard's default language).
 */
export function resolveLanguage(
  requested: Lang | null | undefined,
  texts: readonly (string | null | undefined)[],
): { language: Lang; source: LanguageSource } {
  if (requested) return { language: requested, source: 'request' };
  const detected = detectLanguage(texts.filter(Boolean).join(' \n '));
  return detected ? { language: detected, source: 'detected' } : { language: 'fr', source: 'default' };
}
