import { describe, expect, it } from 'vitest';
import { applyTypography } from './typography';

const JOINER = '\u2060';

describe('typography in both languages', () => {
  it('a slash between letters or digits never ends a line (7j/7, 24/7, and/or)', () => {
    expect(applyTypography('Plombier 7j/7', 'fr')).toBe(`Plombier 7j/${JOINER}7`);
    expect(applyTypography('Open 24/7 and/or by appointment', 'en')).toBe(
      `Open 24/${JOINER}7 and/${JOINER}or by appointment`,
    );
  });

  it('leaves a slash alone where a line may end: around spaces, in a web address', () => {
    expect(applyTypography('Vins / bières', 'fr')).toBe('Vins / bières');
    expect(applyTypography('https://example.com', 'en')).toBe('https://example.com');
  });

  it('each language keeps its own rules', () => {
    expect(applyTypography('Promo : 10 % !', 'en')).toBe('Promo: 10%!');
    expect(applyTypography('Promo: 10%!', 'fr')).toBe('Promo\u00a0: 10\u00a0%\u00a0!');
  });
});
