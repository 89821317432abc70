/**
 * "What is it?" (a product's name or an offer, as the user typed it) in a line of copy: the name alone,
 * or inside an invitation to discover it in the user's language. The invitation's few fixed words are
 * the only ones added to the user's: they claim nothing.
 */
import type { Lang } from '@vitrine/shared/locale';

/** The words the invitation adds to the user's own: an invitation to look, nothing claimed. */
export const PRODUCT_LINE_WORDS: Record<Lang, string> = { fr: 'Découvrez notre nos', en: 'Discover our' };

export const lowerFirst = (text: string) => text.charAt(0).toLocaleLowerCase() + text.slice(1);

/** The name as one line: NFC, trimmed, its runs of spaces made single; null when nothing is left. */
export function productNameOf(name: string | null | undefined): string | null {
  const trimmed = (name ?? '').normalize('NFC').replace(/\s+/g, ' ').trim();
  return trimmed || null;
}

/**
 * A product's name inside a sentence: lower-cased at its start when it reads as a description
 * ("Vélo électrique urbain", "vélo électrique"), as typed when it looks like a name ("Nike Air Max", "iPhone", "LED").
 */
function inSentence(name: string): string | null {
  const words = name.split(/\s+/);
  const first = words[0] ?? '';
  const descriptive = /^\p{L}\p{Ll}*$/u.test(first) && words.slice(1).every((word) => !/\p{Lu}/u.test(word));
  return descriptive ? lowerFirst(name) : null;
}

/** "Découvrez notre vélo électrique urbain" / "Discover our urban e-bike", or with the name as typed. */
export function invitation(name: string, language: Lang): string {
  const lowered = inSentence(name);
  if (language === 'en') return lowered ? `Discover our ${lowered}` : `Discover ${name}`;
  if (!lowered) return `Découvrez ${name}`;
  // A first word ending in s or x (and longer than "jus") is taken as a plural: "nos bougies".
  const plural = /^\p{L}{4,}[sx]$/u.test(lowered.split(/\s+/)[0] ?? '');
  return `Découvrez ${plural ? 'nos' : 'notre'} ${lowered}`;
}

/**
 * Whether the name reads as the object of "Découvrez…": it starts with a letter and is one phrase. An
 * offer written as a sentence ("2 achetées, la 3e offerte", "Soldes : tout doit partir") stands alone.
 */
export const takesInvitation = (name: string) => /^\p{L}/u.test(name) && !/[,;:.!?…()]/u.test(name);
