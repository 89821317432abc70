import { describe, expect, it } from 'vitest';
import { englishTypography } from './english';

describe('English typography in slogans', () => {
  it('puts no space before : ; ! ? and writes 10% rather than 10 %', () => {
    expect(englishTypography('Sale : 20 % off ! Really ? Yes ; today')).toBe(
      'Sale: 20% off! Really? Yes; today',
    );
    expect(englishTypography('Now\u00a0! Only 5\u00a0%')).toBe('Now! Only 5%');
    expect(englishTypography('Open 10:30 at https://example.com')).toBe('Open 10:30 at https://example.com');
  });

  it('uses curly double and single quotes, never guillemets', () => {
    expect(englishTypography('The "home made" taste')).toBe('The “home made” taste');
    expect(englishTypography("Say 'hello' to spring")).toBe('Say ‘hello’ to spring');
    expect(englishTypography('A « French » touch')).toBe('A “French” touch');
  });

  it('uses the typographic apostrophe, also for possessive plurals and decades, and the ellipsis', () => {
    expect(englishTypography("Don't wait, it's Mia's shop...")).toBe('Don’t wait, it’s Mia’s shop…');
    expect(englishTypography("The makers' market, back to the '90s")).toBe(
      'The makers’ market, back to the ’90s',
    );
  });

  it('keeps every accent and letter of the words', () => {
    expect(englishTypography('Crème brûlée, Zürich café')).toBe('Crème brûlée, Zürich café');
  });
});
