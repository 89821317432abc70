/** Finds the http(s) links in a plain-text body, so a developer can open a verification link. */

// Stops at whitespace, quotes and angle brackets; sentence punctuation right after a URL is not part of it.
const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}»]+$/;

export function findLinks(text: string): string[] {
  const links = [...text.matchAll(URL_PATTERN)].map((match) => trimLink(match[0]));
  return [...new Set(links)];
}

export function trimLink(candidate: string): string {
  return candidate.replace(TRAILING_PUNCTUATION, '');
}

/** Splits text into plain runs and links, in order, for pages that make the links clickable. */
export function splitLinks(text: string): { text: string; link: boolean }[] {
  const parts: { text: string; link: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const link = trimLink(match[0]);
    if (match.index > last) parts.push({ text: text.slice(last, match.index), link: false });
    parts.push({ text: link, link: true });
    last = match.index + link.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), link: false });
  return parts;
}
