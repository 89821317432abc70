import { describe, expect, it } from 'vitest';
import {
  EXPRESS_FORMAT_SIZES,
  EXPRESS_FORMATS,
  EXPRESS_STYLES,
  expressRequest,
} from '@vitrine/shared/api/generation';
import { planExpress, planExpressVariants } from '../art-direction/express-plan';
import { decodeOutput, meanDeltaE, shrink } from '../test-utils/measure';
import { hasFrenchOcr, ocrRegion, words } from '../test-utils/ocr';
import { MIN_CONTRAST } from './contrast';
import { renderExpressVariant } from './render-express';
import { renderExpress } from './requests';

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

  it('sets the description as the headline at 4.5:1 or more, and nothing without one', async () => {
    const [withText] = await renderExpress(
      request({ variants: 1, description: "L'atelier: pains & gâteaux" }),
    );
    expect(withText!.metadata.headline).toMatchObject({
      text: 'L’atelier\u00a0: pains & gâteaux',
      rendered: true,
    });
    expect(withText!.metadata.headline!.contrast).toBeGreaterThanOrEqual(MIN_CONTRAST);
    const [without] = await renderExpress(request({ variants: 1, description: undefined }));
    expect(without!.metadata.headline).toBeNull();
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
        const plan = planExpress(request({ style, description: headline }), 0);
        const { images, metadata } = await renderExpressVariant(plan);
        const read = await ocrRegion(await decodeOutput(images.jpeg!), metadata.headline!.rect);
        expect(words(read), read).toEqual(expect.arrayContaining(words(headline)));
      },
      30_000,
    );
  }
});
