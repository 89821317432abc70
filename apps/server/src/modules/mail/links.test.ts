import { describe, expect, it } from 'vitest';
import { findLinks, splitLinks } from './links';

describe('links of a plain-text e-mail', () => {
  it('finds http and https links, without the punctuation that ends the sentence', () => {
    const text =
      'Confirmez : https://vitrine.test/v?token=a&lang=fr. Ou (http://localhost:3000/x), ou mailto:a@b.c';
    expect(findLinks(text)).toEqual(['https://vitrine.test/v?token=a&lang=fr', 'http://localhost:3000/x']);
  });

  it('lists a link once even when the text repeats it', () => {
    expect(findLinks('https://a.test/x\nhttps://a.test/x')).toEqual(['https://a.test/x']);
  });

  it('never turns anything but an http(s) URL into a link', () => {
    expect(findLinks('javascript:alert(1) data:text/html,x ftp://a.test')).toEqual([]);
  });

  it('splits text into plain runs and links that put the text back together', () => {
    const text = 'Voir https://a.test/x. Fin';
    const parts = splitLinks(text);
    expect(parts).toEqual([
      { text: 'Voir ', link: false },
      { text: 'https://a.test/x', link: true },
      { text: '. Fin', link: false },
    ]);
    expect(parts.map((part) => part.text).join('')).toBe(text);
  });
});
