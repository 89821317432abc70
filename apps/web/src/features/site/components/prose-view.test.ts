import { describe, expect, it } from 'vitest';
import { isValidElement } from 'react';
import { headingId, renderInline } from './prose-view';

describe('prose text', () => {
  it('turns [label](/path) into links and keeps the text around them', () => {
    const parts = renderInline(
      'Write through the [contact form](/contact-en), or read the [policy](/privacy-en).',
    );
    expect(parts).toHaveLength(5);
    expect(parts[0]).toBe('Write through the ');
    expect(isValidElement(parts[1])).toBe(true);
    expect((parts[1] as { props: { to: string; children: string } }).props).toMatchObject({
      to: '/contact-en',
      children: 'contact form',
    });
    expect(parts[2]).toBe(', or read the ');
    expect(parts[4]).toBe('.');
  });

  it('an outside address is a plain link, never a router path; text without links stays one string', () => {
    const [link] = renderInline('[CNIL](https://www.cnil.fr)');
    expect((link as { props: { href: string } }).props.href).toBe('https://www.cnil.fr');
    expect(renderInline('Aucun lien ici : (rien) [rien]')).toEqual(['Aucun lien ici : (rien) [rien]']);
  });

  it('gives headings stable ids without accents or punctuation', () => {
    expect(headingId('Données que nous conservons', 1)).toBe('2-donnees-que-nous-conservons');
    expect(headingId('Who we are?', 0)).toBe('1-who-we-are');
  });
});
