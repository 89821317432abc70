import { describe, expect, it } from 'vitest';
import { frenchTypography } from './french';

const show = (s: string) => s.replace(/\u00a0/g, '⍽');

describe('French typography in slogans', () => {
  it('puts a non-breaking space before : ; ! ? and %', () => {
    expect(show(frenchTypography('Promo: -20%! Vraiment? Oui; enfin'))).toBe(
      'Promo⍽: -20⍽%⍽! Vraiment⍽? Oui⍽; enfin',
    );
  });

  it('turns an ordinary space before those marks into a non-breaking one, never doubling it', () => {
    expect(show(frenchTypography('Vite ! Encore ?'))).toBe('Vite⍽! Encore⍽?');
    expect(show(frenchTypography('Vite\u00a0!'))).toBe('Vite⍽!');
    expect(show(frenchTypography('Quoi?!'))).toBe('Quoi⍽?!');
  });

  it('puts non-breaking spaces inside « » and turns straight quotes into guillemets', () => {
    expect(show(frenchTypography('Le "fait maison" avant tout'))).toBe('Le «⍽fait maison⍽» avant tout');
    expect(show(frenchTypography('«Bio»'))).toBe('«⍽Bio⍽»');
    expect(show(frenchTypography('Le “fait maison”'))).toBe('Le «⍽fait maison⍽»');
  });

  it('uses the typographic apostrophe and ellipsis', () => {
    expect(frenchTypography("L'été, c'est aujourd'hui...")).toBe('L’été, c’est aujourd’hui…');
  });

  it('leaves times and web addresses alone, and keeps every accent', () => {
    expect(show(frenchTypography('Ouvert dès 10:30 sur https://exemple.fr'))).toBe(
      'Ouvert dès 10:30 sur https://exemple.fr',
    );
    expect(frenchTypography('Crème brûlée, Œuf, Ça, naïve, Zürich, señor')).toBe(
      'Crème brûlée, Œuf, Ça, naïve, Zürich, señor',
    );
  });
});
