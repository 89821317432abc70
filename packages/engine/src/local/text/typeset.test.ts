import { describe, expect, it } from 'vitest';
import { FUSION_TYPOGRAPHIES } from '@vitrine/shared/api/generation';
import { PALETTE_GRADING } from '../../art-direction/grading';
import type { Rgb, TextBlock } from '../../art-direction/types';
import { TYPEFACES } from '../../art-direction/typefaces';
import { fromRaw, renderText, type RawImage } from '../../image/sharp';
import { luma709 } from '../../pixels/fixed-point';
import { contrastRatio, MIN_CONTRAST, percentile } from './contrast';
import { hasFrenchOcr, ocr, withoutAccents, words } from '../../test-utils/ocr';
import { EMOJI_FONTS } from './fonts';
import { layoutText } from './text-layout';
import { inksOf, typeset, typesetLayers } from './typeset';

const WIDTH = 1080;
const HEIGHT = 600;

function scene(paint: (x: number, y: number) => Rgb): RawImage {
  const data = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) for (let x = 0; x < WIDTH; x++) data.set(paint(x, y), (y * WIDTH + x) * 3);
  return { data, width: WIDTH, height: HEIGHT, channels: 3 };
}

const block = (text: string, typography: (typeof FUSION_TYPOGRAPHIES)[number] = 'moderne'): TextBlock => ({
  role: 'slogan',
  text,
  box: { x: 60, y: 60, width: 960, height: 180 },
  align: 'center',
  typeface: TYPEFACES[typography].slogan,
  language: 'fr',
});

/** Contrast between the glyphs' colour and the worst 5 % of the background around them, measured on the output. */
async function measuredContrast(image: RawImage, text: TextBlock): Promise<number> {
  const { mask, rect } = await layoutText(text);
  const glyph: number[] = [];
  const ground: number[] = [];
  for (let y = 2; y < rect.height - 2; y++) {
    for (let x = 2; x < rect.width - 2; x++) {
      const i = ((rect.y + y) * image.width + rect.x + x) * 3;
      const level = luma709(image.data[i]!, image.data[i + 1]!, image.data[i + 2]!);
      const m = mask.data[y * mask.width + x]!;
      let near = 0;
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++) near = Math.max(near, mask.data[(y + dy) * mask.width + x + dx]!);
      if (m === 255) glyph.push(level);
      else if (near === 0) ground.push(level);
    }
  }
  const textLevel = percentile(glyph, 0.5);
  const worst = textLevel > 128 ? percentile(ground, 0.95) : percentile(ground, 0.05);
  const grey = (v: number): Rgb => [v, v, v];
  return contrastRatio(grey(textLevel), grey(worst));
}

/** Agreement of two masks' ink (128 and up), each cropped to its ink and compared on a 64-pixel grid. */
function inkIou(a: RawImage, b: RawImage): number {
  const grid = (m: RawImage) => {
    let x0 = m.width,
      y0 = m.height,
      x1 = -1,
      y1 = -1;
    for (let y = 0; y < m.height; y++)
      for (let x = 0; x < m.width; x++)
        if (m.data[(y * m.width + x) * m.channels]! >= 128) {
          x0 = Math.min(x0, x);
          y0 = Math.min(y0, y);
          x1 = Math.max(x1, x);
          y1 = Math.max(y1, y);
        }
    const cells = new Uint8Array(64 * 64);
    if (x1 < 0) return cells;
    for (let gy = 0; gy < 64; gy++)
      for (let gx = 0; gx < 64; gx++) {
        const x = Math.round(x0 + ((gx + 0.5) / 64) * (x1 - x0));
        const y = Math.round(y0 + ((gy + 0.5) / 64) * (y1 - y0));
        cells[gy * 64 + gx] = m.data[(y * m.width + x) * m.channels]! >= 128 ? 1 : 0;
      }
    return cells;
  };
  const ga = grid(a);
  const gb = grid(b);
  let both = 0;
  let either = 0;
  for (let i = 0; i < ga.length; i++) {
    if (ga[i] && gb[i]) both++;
    if (ga[i] || gb[i]) either++;
  }
  return either ? both / either : 0;
}

describe('typesetting', () => {
  it('sets dark text on a bright scene at 4.5:1 or more, without a scrim', async () => {
    const image = scene(() => [236, 232, 224]);
    const [report] = await typeset(image, [block('Le goût du vrai')], inksOf(PALETTE_GRADING.chaude.swatch));
    expect(report!.scrim).toBe(false);
    expect(await measuredContrast(image, block('Le goût du vrai'))).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });

  it('adds a scrim when the scene behind is too busy, and still reaches 4.5:1', async () => {
    const image = scene((x, y) =>
      (Math.floor(x / 24) + Math.floor(y / 24)) % 2 ? [250, 250, 250] : [90, 60, 40],
    );
    const text = block('Promo d’été : -20 % !');
    const [report] = await typeset(image, [text], inksOf(PALETTE_GRADING.froide.swatch));
    expect(report!.scrim).toBe(true);
    expect(await measuredContrast(image, text)).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });

  it('fits long text inside its box: wrapped, never overflowing or clipped', async () => {
    const long =
      'Torréfié à la main chaque matin dans notre atelier lyonnais, livré chez vous en quarante-huit heures';
    for (const typography of FUSION_TYPOGRAPHIES) {
      const text = block(long, typography);
      const { mask, rect } = await layoutText(text);
      expect(rect.x).toBeGreaterThanOrEqual(text.box.x);
      expect(rect.y).toBeGreaterThanOrEqual(text.box.y);
      expect(rect.x + rect.width).toBeLessThanOrEqual(text.box.x + text.box.width);
      expect(rect.y + rect.height).toBeLessThanOrEqual(text.box.y + text.box.height);
      expect([mask.width, mask.height]).toEqual([rect.width, rect.height]);
    }
  });

  it('sets an ampersand literally (Pango markup is escaped)', async () => {
    const { text, mask } = await layoutText(block('Pain & Vin'));
    expect(text).toBe('Pain & Vin');
    expect(mask.width).toBeGreaterThan(100);
  });

  it('draws emoji with the shipped emoji font, in every typography, not as a box with their code', async () => {
    const { box } = block('');
    // The engine first: the reference below registers the emoji font itself, for the whole process.
    const masks = [];
    for (const typography of FUSION_TYPOGRAPHIES)
      masks.push({ typography, ...(await layoutText(block('🧀', typography))) });
    const { mask: slogan } = await layoutText(block('Fromagerie 🧀 Lyon 🎉'));
    const bold = EMOJI_FONTS.find(({ description }) => description === 'Noto Emoji Bold')!;
    const emoji = await renderText({
      markup: '🧀',
      font: bold.description,
      fontfile: bold.file,
      width: box.width,
      height: box.height,
      align: 'centre',
    });
    // Without the emoji font, Pango draws a box with the character's code (01F9C0): nothing like it.
    for (const { typography, mask } of masks)
      expect(inkIou(mask, emoji.mask), typography).toBeGreaterThan(0.7);
    // Beside words, set with them: one line, wider than tall.
    expect(slogan.width).toBeGreaterThan(slogan.height * 2);
  });

  it('applies French typography and upper-cases with accents for the tech style', async () => {
    const { text } = await layoutText(block("L'été: -20%!", 'tech'));
    expect(text).toBe('L’ÉTÉ\u00a0: -20\u00a0%\u00a0!');
  });
});

describe.skipIf(!hasFrenchOcr)('legibility: OCR (tesseract, French) reads the slogan back', () => {
  const slogan = 'Fraîcheur d’été à Noël : goûtez la crème';
  for (const typography of ['moderne', 'élégant', 'tech'] as const) {
    it(`recovers every word, accents included, in the ${typography} typeface`, async () => {
      const image = scene((x) => [40 + x / 20, 70, 90]);
      await typeset(image, [block(slogan, typography)], inksOf(PALETTE_GRADING.chaude.swatch));
      const read = ocr(await fromRaw(image).png().toBuffer());
      expect(words(read), read).toEqual(expect.arrayContaining(words(slogan)));
    }, 30_000);
  }

  // Handwriting defeats OCR's accent detection now and then (î read as i): letters only for this one.
  it('recovers every word of the handwritten (manuscrit) typeface, letters without accents', async () => {
    const image = scene((x) => [40 + x / 20, 70, 90]);
    await typeset(image, [block(slogan, 'manuscrit')], inksOf(PALETTE_GRADING.chaude.swatch));
    const read = withoutAccents(ocr(await fromRaw(image).png().toBuffer()));
    expect(words(read), read).toEqual(expect.arrayContaining(words(withoutAccents(slogan))));
  }, 30_000);
});

/** A promo shows a price: prices, percentages, dates and hours, as each language writes them. */
const PROMOS = {
  fr: {
    text: 'Soldes -20 % : 2,50 € au lieu de 3,10 € jusqu’au 12/12, dès 7h30',
    read: ['20', '2,50', '3,10', '12/12', '7h30'],
  },
  en: {
    text: 'Sale 20% off: €2.50 instead of €3.10 until 12/12, from 7:30',
    read: ['20%', '2.50', '3.10', '12/12', '7:30'],
  },
} as const;

describe('prices, percentages and dates in every typeface, in both languages', () => {
  for (const typography of FUSION_TYPOGRAPHIES) {
    for (const language of ['fr', 'en'] as const) {
      it(`sets ${language === 'fr' ? 'a French' : 'an English'} promo in ${typography}: checked face, and OCR reads every figure`, async () => {
        const promo = PROMOS[language];
        const text = {
          ...block(promo.text, typography),
          language,
          box: { x: 60, y: 60, width: 960, height: 360 },
        };
        const image = scene(() => [244, 240, 232]);
        const [report] = await typeset(image, [text], inksOf(PALETTE_GRADING.chaude.swatch));
        expect(report!.face).toMatchObject({ family: TYPEFACES[typography].slogan.family, checked: true });
        if (!hasFrenchOcr) return;
        const read = ocr(await fromRaw(image).png().toBuffer()).replace(/\s+/g, ' ');
        // Tech sets its text in capitals: 7H30.
        for (const figure of promo.read) expect(read.toLowerCase(), read).toContain(figure.toLowerCase());
      }, 30_000);
    }
  }
});

describe('the slogan leads', () => {
  it('a one-line tagline is never set larger than 0.72 of a slogan wrapped on two lines', async () => {
    const slogan: TextBlock = {
      ...block('Bougie lavande & figue'),
      box: { x: 60, y: 60, width: 420, height: 150 },
    };
    const tagline: TextBlock = {
      ...block('Nouvelle collection'),
      role: 'tagline',
      box: { x: 60, y: 230, width: 960, height: 120 },
    };
    const inks = inksOf(PALETTE_GRADING.chaude.swatch);
    const alone = await typesetLayers(
      scene(() => [40, 40, 40]),
      [tagline],
      inks,
    );
    const both = await typesetLayers(
      scene(() => [40, 40, 40]),
      [slogan, tagline],
      inks,
    );
    const [set, under] = both.map(({ layer }) => layer);
    // Alone, the tagline would fill its box larger than the slogan.
    expect(alone[0]!.layer.dpi).toBeGreaterThan(set!.dpi);
    expect(under!.dpi).toBeLessThanOrEqual(set!.dpi * 0.72);
  });
});
