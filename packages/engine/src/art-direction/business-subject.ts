/**
 * What a business is, read from the description a shop owner types for Express (French or English):
 * whole words and short phrases, accents and case ignored, plurals accepted. Each keyword weighs what
 * it says about the business: the trade itself (3: "boulangerie", "florist"), what it sells (2:
 * "croissants", "bouquets") or a hint (1: "marché", "atelier"). The subject with the highest sum wins;
 * a tie goes to the subject named first in the text, then to the order of the table.
 */

import { BUSINESS_SUBJECTS, KEYWORDS, type BusinessSubject } from './business-keywords';
import { fold, sameWord, wordsOf } from './words';

export { BUSINESS_SUBJECTS, type BusinessSubject };

export type SubjectMatch = {
  /** 'generic' when no keyword matched. */
  subject: BusinessSubject | 'generic';
  /** The words of the description that matched, in lower case, in reading order. */
  keywords: string[];
  score: number;
  /** One line for the metadata: what matched and what it beat, or "no match: generic design". */
  why: string;
};

type Keyword = { words: string[]; accented: boolean; weight: number };

const TABLE: { subject: BusinessSubject; keywords: Keyword[] }[] = BUSINESS_SUBJECTS.map((subject) => ({
  subject,
  keywords: ([3, 2, 1] as const).flatMap((weight) =>
    KEYWORDS[subject][weight].map((keyword) => {
      const accented = keyword.startsWith('=');
      const words = wordsOf(accented ? keyword.slice(1) : keyword);
      return { words: accented ? words : words.map(fold), accented, weight };
    }),
  ),
}));

type Hit = { subject: BusinessSubject; weight: number; start: number; length: number; text: string };

/**
 * Every keyword found in the description, where it starts (in words) and how it was written. A hit
 * inside a longer one is dropped, whatever its subject: "salon de thé" is not a beauty salon, "bar à
 * vin" not any bar, "cabinet médical" not a consulting firm.
 */
function hitsIn(description: string): Hit[] {
  const written = wordsOf(description);
  const folded = written.map(fold);
  const found: Hit[] = [];
  for (const { subject, keywords } of TABLE) {
    for (const { words, accented, weight } of keywords) {
      const tokens = accented ? written : folded;
      for (let start = 0; start + words.length <= tokens.length; start++) {
        if (!words.every((word, k) => sameWord(tokens[start + k]!, word))) continue;
        const text = written.slice(start, start + words.length).join(' ');
        found.push({ subject, weight, start, length: words.length, text });
      }
    }
  }
  const inside = (a: Hit, b: Hit) =>
    a.start >= b.start && a.start + a.length <= b.start + b.length && a.length < b.length;
  // Keywords are listed heaviest first: a word listed twice for a subject counts once, at its heaviest.
  const seen = new Set<string>();
  return found.filter((hit) => {
    const key = `${hit.subject} ${hit.start} ${hit.length}`;
    if (seen.has(key) || found.some((other) => inside(hit, other))) return false;
    seen.add(key);
    return true;
  });
}

const quoted = (hits: Hit[]) =>
  [...hits]
    .sort((a, b) => a.start - b.start)
    .map((hit) => `"${hit.text}"`)
    .join(', ');

type Ranked = { subject: BusinessSubject; score: number; first: number; hits: Hit[] };

export function matchBusinessSubject(description: string | null | undefined): SubjectMatch {
  const bySubject = new Map<BusinessSubject, Ranked>();
  for (const hit of hitsIn(description ?? '')) {
    const entry = bySubject.get(hit.subject) ?? { subject: hit.subject, score: 0, first: Infinity, hits: [] };
    entry.score += hit.weight;
    entry.first = Math.min(entry.first, hit.start);
    entry.hits.push(hit);
    bySubject.set(hit.subject, entry);
  }
  const order = (subject: BusinessSubject) => BUSINESS_SUBJECTS.indexOf(subject);
  const [best, next] = [...bySubject.values()].sort(
    (a, b) => b.score - a.score || a.first - b.first || order(a.subject) - order(b.subject),
  );
  if (!best) return { subject: 'generic', keywords: [], score: 0, why: 'no match: generic design' };
  const keywords = [...best.hits].sort((a, b) => a.start - b.start).map((hit) => hit.text);
  let why = `${best.subject}: ${quoted(best.hits)} (score ${best.score})`;
  if (next && next.score === best.score)
    why += `; tie with ${next.subject} (${quoted(next.hits)}), named first`;
  else if (next) why += `; over ${next.subject} ${next.score} (${quoted(next.hits)})`;
  return { subject: best.subject, keywords, score: best.score, why };
}
