import { describe, expect, it } from 'vitest';
import type { TextBlock } from '../../art-direction/types';
import { TYPEFACES } from '../../art-direction/typefaces';
import { fromRaw } from '../../image/sharp';
import { hasFrenchOcr, ocr, withoutAccents } from '../../test-utils/ocr';
import { layoutText, prefetchText } from './text-layout';

const block = (x: number, y: number, width = 700, text = 'Torréfié à Lyon depuis 1952'): TextBlock => ({
  role: 'slogan',
  text,
  box: { x, y, width, height: 160 },
  align: 'left',
  typeface: TYPEFACES.élégant.slogan,
  language: 'fr',
});

describe('set text is shared between variants', () => {
  it('sets a block once for every place of the same size, and again for another size or text', async () => {
    const first = await layoutText(block(40, 60));
    const elsewhere = await layoutText(block(300, 900));
    expect(elsewhere.mask).toBe(first.mask);
    expect(elsewhere.rect).toMatchObject({ x: 300, width: first.rect.width, height: first.rect.height });
    expect((await layoutText(block(40, 60, 520))).mask).not.toBe(first.mask);
    expect((await layoutText(block(40, 60, 700, 'Le goût du vrai'))).mask).not.toBe(first.mask);
  }, 30_000);

  it('uses the mask a prefetch started', async () => {
    const planned = block(10, 10, 640, 'Pains au levain et viennoiseries dès 7 h');
    prefetchText([planned]);
    const [a, b] = await Promise.all([
      layoutText(planned),
      layoutText({ ...planned, box: { ...planned.box, y: 500 } }),
    ]);
    expect(b.mask).toBe(a.mask);
    expect(a.mask.width).toBeLessThanOrEqual(640);
  }, 30_000);
});

describe('text is set with the typography of its language', () => {
  it('French text: a non-breaking space before ! and %, guillemets; English text: none, curly quotes', async () => {
    const french = await layoutText(block(0, 0, 700, 'Soldes : -20 % ! Le "fait maison"'));
    expect(french.text).toBe('Soldes\u00a0: -20\u00a0%\u00a0! Le «\u00a0fait maison\u00a0»');
    const english = await layoutText({
      ...block(0, 0, 700, 'Sale : 20 % off ! The "home made" taste'),
      language: 'en',
    });
    expect(english.text).toBe('Sale: 20% off! The “home made” taste');
  }, 30_000);

  it('capitals follow the language of the text', async () => {
    const upper = { ...TYPEFACES.tech.slogan, uppercase: true };
    const set = await layoutText({ ...block(0, 0, 700, "l'été à Noël"), typeface: upper, language: 'fr' });
    expect(set.text).toBe('L’ÉTÉ À\u00a0NOËL');
  }, 30_000);
});

/** The lines of a French headline set centred in the modern face in a box, read back by OCR. */
async function headlineLines(text: string, width: number, height: number): Promise<string[]> {
  const set = await layoutText({
    ...block(0, 0, width, text),
    box: { x: 0, y: 0, width, height },
    typeface: TYPEFACES.moderne.slogan,
    align: 'center',
  });
  // The mask is ink on black: read as dark ink on white.
  const page = await fromRaw(set.mask).extractChannel(0).negate().png().toBuffer();
  return withoutAccents(ocr(page))
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

const SUMMER = 'Fraîche et pétillante, à savourer tout l’été en terrasse';

describe.runIf(hasFrenchOcr)('where a headline’s lines end, read back', () => {
  it('breaks « Le thé de l’après-midi » before l’après-midi, not at its hyphen', async () => {
    const lines = await headlineLines("Le thé de l'après-midi", 400, 240);
    // Set at this measure without the rule, the lines were « Le thé de / l’après- / midi ».
    expect(lines.at(-1)).toMatch(/apres-midi$/);
    expect(lines.filter((line) => line.endsWith('-'))).toEqual([]);
  }, 30_000);

  it('never ends a line on a word of one letter: « à » starts its line', async () => {
    // In a story's headline band (900 × 192) without the rule: « Fraîche et pétillante, à / savourer tout
    // l’été en terrasse ».
    const lines = await headlineLines(SUMMER, 900, 192);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.filter((line) => /(^|\s)a$/i.test(line))).toEqual([]);
    expect(lines.some((line) => /^a savourer/i.test(line))).toBe(true);
  }, 30_000);

  it('leaves no word alone on the last line when a measure breaks the lines more evenly', async () => {
    // On the narrowest measure that fits, the lines were « Fraîche et pétillante, / à savourer tout
    // l’été en / terrasse ».
    const lines = await headlineLines(SUMMER, 900, 192);
    expect(lines).toHaveLength(3);
    expect(lines.at(-1)!.split(/\s+/).length).toBeGreaterThan(1);
  }, 30_000);
});
