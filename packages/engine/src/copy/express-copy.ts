/**
 * The local copywriter of Express: the business description becomes a short headline (the business's
 * name or its offer) and a supporting line, using only the description's own words. It picks and cuts,
 * never adds: every word of its output is a word of the description, so it cannot invent a price, a
 * promise or a place.
 */
import { CONNECTORS, foldWord, TRAILING_WORDS } from './words';

/** Bounds that keep the headline large on a 3:1 banner and the supporting line to two lines. */
export const HEADLINE_MAX_LENGTH = 40;
export const SUPPORTING_MAX_LENGTH = 90;

export type WrittenCopy = { headline: string; supporting: string | null };

type Clause = { text: string; /** How it joins the next clause when lines are rebuilt. */ join: string };

/** Sentence ends, commas, semicolons, colons, bullets, dashes and brackets separate clauses. */
const SEPARATOR = /([.;:…]+(?=\s|$)|[!?]+|,(?=\s)|\s[|•·]\s|\s[-–—]\s|[()[\]])/;

function joinFor(separator: string): string {
  const mark = separator.trim();
  if (mark === ',' || mark === '(' || mark === ')' || mark === '[' || mark === ']') return ', ';
  // ! and ? stay with their clause (below): nothing is added after them.
  if (/^[!?]+$/.test(mark)) return ' ';
  if (mark === ';' || mark === ':' || /^(?:…|\.\.\.)$/.test(mark)) return `${mark} `;
  if (/^[-–—]$/.test(mark)) return ' – ';
  if (/^[|•·]$/.test(mark)) return ' · ';
  return '. ';
}

function clausesOf(text: string): Clause[] {
  const parts = text.split(SEPARATOR);
  const clauses: Clause[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    let part = parts[i]!.trim();
    const separator = parts[i + 1] ?? '';
    // ! and ? belong to their clause ("Nouveau !").
    if (/^[!?]+$/.test(separator) && part) part = `${part}${separator}`;
    if (/[\p{L}\p{N}]/u.test(part)) clauses.push({ text: part, join: joinFor(separator) });
    else if (clauses.length && separator) clauses.at(-1)!.join = joinFor(separator);
  }
  return clauses;
}

/** Openings that say nothing about the business: "We are a…", "Bienvenue chez…". */
const LEAD_INS = [
  /^(?:welcome to|we are|we['’]re|i am|i['’]m|this is|here is|meet)\s+/iu,
  /^(?:bienvenue (?:chez|à|au|aux|dans)|nous sommes|je suis|c['’]est|voici|découvrez)\s+/iu,
];
const INDEFINITE_ARTICLE = /^(?:a|an|un|une)\s+/iu;

function withoutLeadIn(text: string): string {
  let rest = text;
  for (const lead of LEAD_INS) rest = rest.replace(lead, '');
  rest = rest.replace(INDEFINITE_ARTICLE, '');
  return /[\p{L}\p{N}]/u.test(rest) ? rest : text;
}

const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

const isTrailing = (word: string) => TRAILING_WORDS.has(foldWord(word.replace(/['’].*$/, '')));

/** Drops little words a cut left at the end ("Bakery in" → "Bakery"), keeping at least one word. */
function trimTrailing(words: string[]): string[] {
  const kept = [...words];
  while (kept.length > 1 && isTrailing(kept.at(-1)!)) kept.pop();
  return kept;
}

/**
 * A clause longer than `max` cut between words: before a connector ("… with …", "… depuis …") when that
 * leaves at least two words, otherwise at the last word that fits. A single word longer than `max` is
 * kept whole: cutting it would make a word the description does not have.
 */
function cut(text: string, max: number): { head: string; rest: string } {
  const words = text.split(' ');
  let fits = 0;
  let length = -1;
  while (fits < words.length && length + 1 + words[fits]!.length <= max) length += 1 + words[fits++]!.length;
  if (fits === words.length) return { head: text, rest: '' };
  if (fits === 0) return { head: words[0]!, rest: words.slice(1).join(' ') };
  let at = fits;
  for (let i = fits; i >= 2; i--) {
    if (i < words.length && CONNECTORS.has(foldWord(words[i]!))) {
      at = i;
      break;
    }
  }
  const head = trimTrailing(words.slice(0, at));
  return { head: head.join(' '), rest: words.slice(head.length).join(' ') };
}

const LEADING_CONJUNCTION = /^(?:and|or|et|ou)\s+/iu;

/** Clauses rebuilt into one line of at most `max` characters: whole clauses while they fit. */
function lineOf(clauses: Clause[], max: number): string | null {
  let line = '';
  for (const [index, clause] of clauses.entries()) {
    const next = index === 0 ? clause.text : `${line}${clauses[index - 1]!.join.trimEnd()} ${clause.text}`;
    if (next.length <= max) {
      line = next;
      continue;
    }
    // A first clause too long on its own is cut between words, and the cut shown.
    if (index === 0) line = `${cut(clause.text, max - 1).head}…`;
    break;
  }
  return line ? capitalised(line) : null;
}

export function localExpressCopy(description: string | null | undefined): WrittenCopy | null {
  const text = (description ?? '').normalize('NFC').replace(/\s+/g, ' ').trim();
  const clauses = clausesOf(text);
  if (clauses.length === 0) return null;
  const [first, ...others] = clauses;
  const opening = withoutLeadIn(first!.text);
  const { head, rest } = cut(opening, HEADLINE_MAX_LENGTH);
  const supportingClauses = [...others];
  const remainder = rest.replace(LEADING_CONJUNCTION, '').trim();
  if (/[\p{L}\p{N}]/u.test(remainder)) supportingClauses.unshift({ text: remainder, join: first!.join });
  return {
    headline: capitalised(head),
    supporting: lineOf(supportingClauses, SUPPORTING_MAX_LENGTH),
  };
}
