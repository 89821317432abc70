/**
 * The local copywriter of Express: the business description becomes a short headline (the business's
 * name or its offer) and a supporting line, using only the description's own words. It picks and cuts,
 * never adds: every word of its output is a word of the description, so it cannot invent a price, a
 * promise or a place. When the form says what the product is ("What is it?"), the product's name is
 * the headline and the description the supporting line; alone, the name is invited to be discovered,
 * in the user's language: those few fixed words are the only ones added.
 */
import type { Lang } from '@vitrine/shared/locale';
import { boundariesOf, cutAtPhrase, kindOf } from './phrases';
import { invitation, productNameOf, takesInvitation } from './product-name';
import { foldedWords, upperFirst } from './words';

/** Bounds that keep the headline large on a 3:1 banner and the supporting line to two lines. */
export const HEADLINE_MAX_LENGTH = 40;
export const SUPPORTING_MAX_LENGTH = 90;
/** A first phrase longer than the headline's length is kept whole up to this many characters. */
const HEADLINE_ALLOWANCE = 60;

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

/** A full stop that ends an initial or a title ("D.O.", "J.-P.", "Dr.", "St.") ends no sentence. */
const ABBREVIATION = /(?:^|[\s.'’-])(?:\p{L}|Dr|Mr|Mrs|Ms|St|Mme|Mlle|Me|Pr)$/u;

function clausesOf(text: string): Clause[] {
  const parts = text.split(SEPARATOR);
  const clauses: Clause[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    let part = parts[i]!.trim();
    let separator = parts[i + 1] ?? '';
    while (separator === '.' && ABBREVIATION.test(part) && i + 2 < parts.length) {
      part = `${part}. ${parts[i + 2]!.trim()}`;
      separator = parts[i + 3] ?? '';
      i += 2;
    }
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

/**
 * "Small bakery in York baking sourdough, cinnamon buns and cakes": the comma goes on with a list
 * that the clause's last phrase opened, so that phrase goes with its list into the supporting line
 * and the headline ends before it. Only a phrase that takes a list (a preposition, a gerund, a
 * relative) and holds no name or figure: "in Lyon, sourdough and pastries" is a place, then the offer.
 */
function listSplit(clause: string, after: Clause[]): { head: string; rest: string } | null {
  const words = clause.split(' ');
  const last = boundariesOf(words)
    .filter((b) => b.kind === 'preposition' || b.kind === 'gerund' || b.kind === 'relative')
    .at(-1);
  if (!last) return null;
  const named = (word: string) => /^\p{Lu}\p{Ll}/u.test(word.replace(/^\P{L}+/u, '')) || /\p{N}/u.test(word);
  if (words.slice(last.at + 1).some(named)) return null;
  for (const item of after) {
    const itemWords = item.text.split(' ');
    const and = itemWords.findIndex((word, i) => i > 0 && kindOf(word) === 'conjunction');
    const before = and === -1 ? itemWords : itemWords.slice(0, and);
    // A list's items are bare nouns: a phrase of their own ("tout pour vos chiens") ends the list.
    if (before.some((word, i) => kindOf(word, before[i + 1]) !== null)) return null;
    if (and !== -1) return { head: words.slice(0, last.at).join(' '), rest: words.slice(last.at).join(' ') };
    if (item.join !== ', ') return null;
  }
  return null;
}

/**
 * "Coffee, cake and kindness", "Pains, viennoiseries et gâteaux": a list of a few words each, which
 * the commas separate but which reads as one phrase. The number of its clauses when it opens the
 * description and fits the headline, else 0. A name in it ("Bakery Dupont, bread and cakes") is the
 * business, then its offer: not one list.
 */
function listClauses(clauses: Clause[], max: number): number {
  const item = (words: string[]) =>
    words.length > 0 &&
    words.length <= 2 &&
    words.every((word, i) => kindOf(word) === null && (i === 0 || !/^\p{Lu}/u.test(word)));
  let text = '';
  for (const [index, clause] of clauses.entries()) {
    if (index > 0 && clauses[index - 1]!.join !== ', ') return 0;
    text = index === 0 ? clause.text : `${text}, ${clause.text}`;
    if (text.length > max) return 0;
    const words = clause.text.split(' ');
    const and = words.findIndex((word, i) => i > 0 && kindOf(word) === 'conjunction');
    if (and === -1) {
      if (!item(words)) return 0;
      continue;
    }
    return index > 0 && item(words.slice(0, and)) && item(words.slice(and + 1)) ? index + 1 : 0;
  }
  return 0;
}

/**
 * Clauses rebuilt into one line of at most `max` characters: whole clauses while they fit, the first
 * one shortened by whole phrases when it is too long on its own. A line that goes on with the
 * headline's phrase keeps the description's casing ("from a small workshop in Lyon"); a line that
 * starts a clause stands alone and starts with a capital.
 */
function lineOf(clauses: Clause[], max: number, continues: boolean): string | null {
  let line = '';
  for (const [index, clause] of clauses.entries()) {
    const next = index === 0 ? clause.text : `${line}${clauses[index - 1]!.join.trimEnd()} ${clause.text}`;
    if (next.length <= max) {
      line = next;
      continue;
    }
    if (index === 0) {
      const cut = cutAtPhrase(clause.text, max - 1);
      // Words cut where the length ran out say so.
      line = cut.whole ? cut.head : `${cut.head}…`;
    }
    break;
  }
  if (!line) return null;
  return continues ? line : upperFirst(line);
}

/** "What is it?" and the language its fixed words are written in. */
export type ProductInput = { productName?: string | null | undefined; language: Lang };

export function localExpressCopy(
  description: string | null | undefined,
  product?: ProductInput,
): WrittenCopy | null {
  const text = (description ?? '').normalize('NFC').replace(/\s+/g, ' ').trim();
  const clauses = clausesOf(text);
  const name = productNameOf(product?.productName);
  if (name) return productCopy(name, clauses, product!.language);
  if (clauses.length === 0) return null;
  const listed = listClauses(clauses, HEADLINE_MAX_LENGTH);
  if (listed > 0) {
    const rest = clauses.slice(listed);
    const headline = clauses
      .slice(0, listed)
      .map((clause) => clause.text)
      .join(', ');
    return { headline: upperFirst(headline), supporting: lineOf(rest, SUPPORTING_MAX_LENGTH, false) };
  }
  const [first, ...others] = clauses;
  const opening = withoutLeadIn(first!.text);
  let { head, rest } = cutAtPhrase(opening, HEADLINE_MAX_LENGTH, HEADLINE_ALLOWANCE);
  if (!rest && first!.join === ', ') ({ head, rest } = listSplit(opening, others) ?? { head, rest });
  const continues = /[\p{L}\p{N}]/u.test(rest);
  const supporting = continues ? [{ text: rest, join: first!.join }, ...others] : others;
  return { headline: upperFirst(head), supporting: lineOf(supporting, SUPPORTING_MAX_LENGTH, continues) };
}

/**
 * The words of `clause` after the product's name when it opens with it ("Bougie lavande & figue coulée
 * à la main" → "coulée à la main"), '' when the clause is the name, null when it does not open with it.
 */
function afterName(clause: string, name: string): string | null {
  const target = foldedWords(name).join(' ');
  const words = clause.split(' ');
  for (let count = 1; count <= words.length; count++) {
    const head = foldedWords(words.slice(0, count).join(' ')).join(' ');
    if (head === target) return words.slice(count).join(' ');
    if (!target.startsWith(head)) return null;
  }
  return null;
}

/**
 * The product's name, as typed (a capital to start it), is the headline. The description, rebuilt
 * into one line as the supporting line is (whole clauses, cut at a phrase), goes under it; where the
 * description opens with the name, the line goes on after it. Without a description, the headline
 * invites to discover the product ("Découvrez notre vélo électrique urbain", "Discover our urban
 * e-bike") when that fits the headline's length and the name reads as one phrase; the name alone
 * otherwise.
 */
function productCopy(name: string, clauses: Clause[], language: Lang): WrittenCopy {
  const [first, ...others] = clauses;
  let supporting: string | null = null;
  if (first) {
    const opening = withoutLeadIn(first.text);
    const after = afterName(opening, name);
    if (after === null)
      supporting = lineOf([{ ...first, text: opening }, ...others], SUPPORTING_MAX_LENGTH, false);
    else if (after) supporting = lineOf([{ ...first, text: after }, ...others], SUPPORTING_MAX_LENGTH, true);
    else supporting = lineOf(others, SUPPORTING_MAX_LENGTH, false);
  }
  if (supporting) return { headline: upperFirst(name), supporting };
  const invited = takesInvitation(name) ? invitation(name, language) : null;
  const headline = invited && invited.length <= HEADLINE_MAX_LENGTH ? invited : upperFirst(name);
  return { headline, supporting: null };
}
