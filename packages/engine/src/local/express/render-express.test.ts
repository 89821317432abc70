import { describe, expect, it } from 'vitest';
import {
  EXPRESS_FORMAT_SIZES,
  EXPRESS_FORMATS,
  EXPRESS_STYLES,
  expressRequest,
} from '@vitrine/shared/api/generation';
import { planExpress, planExpressVariants } from '../../art-direction/express-plan';
import { decodeOutput, meanDeltaE, shrink } from '../../test-utils/measure';
import { hasFrenchOcr, ocrRegion, words } from '../../test-utils/ocr';
import { MIN_CONTRAST } from '../text/contrast';
import { renderExpressVariant } from './render-express';
import { renderExpress } from '../requests';

const request = (input: Record<string, unknown> = {}) =>
  expressRequest.parse({
    style: 'moderne',
    format: 'square',
    description: 'Fraîcheur d’été à Noël',
    ...input,
  });

/** Express visuals must differ by more than this mean ΔE76 (on 200x200 thumbnails). */
const DISTINCT_DELTA_E = 8;

describe('local Express render', () => {
  it('outputs exactly the format dimensions: square, story, post and banner', async () => {
    for (const format of EXPRESS_FORMATS) {
      const { images, metadata } = await renderExpressVariant(planExpress(request({ format }), 0));
      const out = await decodeOutput(images.jpeg!);
      expect([out.width, out.height], format).toEqual([
        EXPRESS_FORMAT_SIZES[format].width,
        EXPRESS_FORMAT_SIZES[format].height,
      ]);
      expect(metadata).toMatchObject({ engine: 'local', mode: 'express' });
    }
  }, 60_000);

  it('sets the headline and supporting line written from the description at 4.5:1 or more, and nothing without one', async () => {
    const [withText] = await renderExpress(
      request({ variants: 1, description: "L'atelier: pains & gâteaux !" }),
    );
    expect(withText!.metadata.headline).toMatchObject({ text: 'L’atelier', rendered: true });
    expect(withText!.metadata.supporting).toMatchObject({ text: 'Pains & gâteaux\u00a0!', rendered: true });
    expect(withText!.metadata.copy).toEqual({
      source: 'local',
      headline: "L'atelier",
      supporting: 'Pains & gâteaux!',
      language: 'fr',
    });
    expect(withText!.metadata.typography).toEqual({ language: 'fr', source: 'detected', rules: 'french' });
    expect(withText!.metadata.headline!.contrast).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(withText!.metadata.supporting!.contrast).toBeGreaterThanOrEqual(MIN_CONTRAST);
    const [without] = await renderExpress(request({ variants: 1, description: undefined }));
    expect(without!.metadata.headline).toBeNull();
    expect(without!.metadata.copy).toBeNull();
  }, 30_000);

  it('sets English copy with English typography when the interface language is English', async () => {
    const [english] = await renderExpress(
      request({ variants: 1, description: "Mia's bakery : bread & cakes !", language: 'en' }),
    );
    expect(english!.metadata.headline).toMatchObject({ text: 'Mia’s bakery' });
    expect(english!.metadata.supporting).toMatchObject({ text: 'Bread & cakes!' });
    expect(english!.metadata.typography).toEqual({ language: 'en', source: 'request', rules: 'english' });
  }, 30_000);

  it(`makes the eight styles differ by a mean ΔE above ${DISTINCT_DELTA_E}`, async () => {
    const thumbs = [];
    for (const style of EXPRESS_STYLES) {
      const { images } = await renderExpressVariant(planExpress(request({ style }), 0));
      thumbs.push(await shrink(await decodeOutput(images.jpeg!), 200, 200));
    }
    for (let i = 0; i < thumbs.length; i++) {
      for (let j = i + 1; j < thumbs.length; j++) {
        const distance = meanDeltaE(thumbs[i]!, thumbs[j]!);
        expect(distance, `${EXPRESS_STYLES[i]} / ${EXPRESS_STYLES[j]}`).toBeGreaterThan(DISTINCT_DELTA_E);
      }
    }
  }, 60_000);

  it(`makes variants that differ by a mean ΔE above 3 (layout and arrangement; same palette)`, async () => {
    const thumbs = [];
    for (const plan of planExpressVariants(request({ style: 'artistique' }))) {
      const { images } = await renderExpressVariant(plan);
      thumbs.push(await shrink(await decodeOutput(images.jpeg!), 200, 200));
    }
    for (let i = 0; i < thumbs.length; i++) {
      for (let j = i + 1; j < thumbs.length; j++) {
        expect(meanDeltaE(thumbs[i]!, thumbs[j]!), `variants ${i} and ${j}`).toBeGreaterThan(3);
      }
    }
  }, 60_000);

  // Tesseract reads these reliably (minimaliste and dynamique too); script and italic faces defeat it at times.
  for (const style of ['vintage', 'techno'] as const) {
    it.skipIf(!hasFrenchOcr)(
      `sets a ${style} headline that OCR reads back, accents included`,
      async () => {
        const headline = 'Crème d’été à Noël, façon maison';
        // The whole line as the headline: what is read back is the typesetting, not the copywriting.
        const copy = { source: 'local', headline, supporting: null, language: 'fr' } as const;
        const plan = planExpress(request({ style, description: headline }), 0, copy);
        const { images, metadata } = await renderExpressVariant(plan);
        const read = await ocrRegion(await decodeOutput(images.jpeg!), metadata.headline!.rect);
        expect(words(read), read).toEqual(expect.arrayContaining(words(headline)));
      },
      30_000,
    );
  }
});
