/**
 * Where a clause of a description may be cut so that both sides read as whole phrases: before a word
 * that opens a new phrase (a preposition of place or time, a relative, a participle, a conjunction
 * between the clause's own phrases), never inside a noun phrase ("from a small" is not a headline).
 */
import {
  CONJUNCTIONS,
  GERUNDS,
  MODIFIERS,
  NOT_ADVERBS,
  NOUN_COMPLEMENTS,
  PARTICIPLES,
  PLACE_NOUNS,
  PREPOSITIONS,
  RELATIVES,
} from './phrase-words';
import { foldWord, TRAILING_WORDS } from './words';

export type WordKind = 'conjunction' | 'relative' | 'gerund' | 'participle' | 'preposition' | 'complement';

/** A place where a new phrase starts: the index of its first word. */
export type Boundary = {
  at: number;
  kind: WordKind;
  /** False for a noun's complement ("de", "of", "à"): a cut there is a last resort. */
  strong: boolean;
};

const EDGE_MARKS = /^[^\p{L}\p{N}&+]+|[^\p{L}\p{N}&+]+$/gu;

/** The word as the lists hold it: lower case, outer marks off, "d’auteurs" as "d", "qu’on" as "qu". */
function keyOf(token: string): string {
  const bare = token.normalize('NFC').toLowerCase().replace(EDGE_MARKS, '');
  return /^(\p{L}+)['’]\p{L}/u.exec(bare)?.[1] ?? bare;
}

const isName = (token: string | undefined) => /^\p{Lu}/u.test((token ?? '').replace(EDGE_MARKS, ''));

/**
 * An English participle the lists do not hold, told by its ending and the preposition after it:
 * "inspired by", "restored in" open a phrase that says more about the noun before them. Not in
 * French, where as many nouns end like participles ("café en terrasse", "spécialités pour…").
 */
const PARTICIPLE_ENDING = /^\p{Ll}{4,}ed$/u;

export function kindOf(token: string, next?: string): WordKind | null {
  const key = keyOf(token);
  if (CONJUNCTIONS.has(key)) return 'conjunction';
  if (RELATIVES.has(key) || key === 'qu') return 'relative';
  if (GERUNDS.has(key)) return 'gerund';
  if (PARTICIPLES.has(key)) return 'participle';
  if (PREPOSITIONS.has(key)) return 'preposition';
  if (PARTICIPLE_ENDING.test(token) && next !== undefined && PREPOSITIONS.has(keyOf(next)))
    return 'participle';
  if (!NOUN_COMPLEMENTS.has(key)) return null;
  // "à Lyon", "au cœur du village", "à domicile" say where; "à vins", "au levain" say what kind.
  const place = /^(?:à|au|aux)$/.test(key) && (isName(next) || PLACE_NOUNS.has(keyOf(next ?? '')));
  return place ? 'preposition' : 'complement';
}

/** An adverb or "hand", "home" before a participle: part of the participle's phrase. */
function modifies(token: string): boolean {
  const key = keyOf(token);
  if (MODIFIERS.has(key)) return true;
  if (/^\p{L}{3,}ly$/u.test(key)) return !NOT_ADVERBS.has(key);
  return /^\p{L}{2,}(?:eusement|alement|ièrement|llement|quement|chement|vement|emment|amment|ablement|iblement)$/u.test(
    key,
  );
}

const OPENS_QUOTE = /^["“«‘„]/;
const CLOSES_QUOTE = /["”»’]$/;

/**
 * The boundaries of a clause's words. A word of these kinds right after another one continues its
 * phrase ("made in", "avec ou sans"); so does anything inside quotes ("« Chez Zoé »"). A conjunction
 * opens a phrase only between the clause's first phrases: once a preposition, a gerund or a relative
 * has opened one, "and" joins that phrase's own words ("covering Leeds and surrounding areas").
 */
export function boundariesOf(words: string[]): Boundary[] {
  const found: Boundary[] = [];
  let quoted = false;
  let previous: WordKind | null = null;
  // Whether a phrase that takes its own "and" has opened: not a participle's ("bougies parfumées et…"),
  // nor a noun's complement ("réparation de vélos et vente…").
  let joined = false;
  for (const [index, word] of words.entries()) {
    const kind = kindOf(word, words[index + 1]);
    const inside = quoted && !OPENS_QUOTE.test(word);
    if (OPENS_QUOTE.test(word)) quoted = true;
    if (quoted && CLOSES_QUOTE.test(word) && (word.length > 1 || !OPENS_QUOTE.test(word))) quoted = false;
    // "parfumées et diffuseurs": after a participle used as an adjective, "et" still opens a phrase.
    const follows = previous !== null && !(kind === 'conjunction' && previous === 'participle');
    const opens = index > 0 && kind && !follows && !inside && !(kind === 'conjunction' && joined);
    // "freshly baked": the phrase opens at the adverb.
    const at =
      (kind === 'participle' || kind === 'gerund') && index > 1 && modifies(words[index - 1]!)
        ? index - 1
        : index;
    if (opens && !found.some((b) => b.at === at)) found.push({ at, kind, strong: kind !== 'complement' });
    if (opens && kind !== 'participle' && kind !== 'complement') joined = true;
    previous = kind;
  }
  return found;
}

export type Cut = {
  head: string;
  rest: string;
  /** False when no phrase boundary fitted and the words were cut where the length ran out. */
  whole: boolean;
};

const isTrailing = (word: string) => TRAILING_WORDS.has(foldWord(word.replace(/['’].*$/, '')));

/**
 * The longest run of whole phrases from the clause's start within `max` characters: cut before a
 * strong boundary, or else before a noun's complement when that leaves at least two words. When even
 * the first phrase is longer, it is kept whole up to `allowance` characters (a long name reads better
 * set a little smaller than cut); beyond that the words are cut where the length runs out, never on a
 * little word, and a single word longer than `max` is kept whole rather than made into another word.
 */
export function cutAtPhrase(text: string, max: number, allowance = max): Cut {
  if (text.length <= max) return { head: text, rest: '', whole: true };
  const words = text.split(' ');
  const lengthBefore = (at: number) => words.slice(0, at).join(' ').length;
  const split = (at: number, whole = true): Cut => ({
    head: words.slice(0, at).join(' '),
    rest: words.slice(at).join(' '),
    whole,
  });
  const boundaries = boundariesOf(words);
  const fitting = (list: Boundary[]) => list.filter((b) => lengthBefore(b.at) <= max).at(-1);
  const best =
    fitting(boundaries.filter((b) => b.strong)) ?? fitting(boundaries.filter((b) => !b.strong && b.at >= 2));
  if (best) return split(best.at);
  const first = boundaries.find((b) => b.strong)?.at ?? words.length;
  if (lengthBefore(first) <= allowance) return split(first);
  let fits = 0;
  while (fits < words.length && lengthBefore(fits + 1) <= max) fits++;
  if (fits === 0) return split(1, words.length === 1);
  while (fits > 1 && isTrailing(words[fits - 1]!)) fits--;
  return split(fits, false);
}
