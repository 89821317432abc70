/**
 * The brand kit on Express visuals (spec: "Ma marque / My brand"): the design in the brand's colours,
 * the logo where the metadata says, inside the safe area and clear of the text, the signature legible,
 * every text at 4.5:1 or more read on the image; through the provider on a render thread as well.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPRESS_DESIGNS } from '../../art-direction/express-designs';
import { expressRequest, type ExpressFormat } from '@vitrine/shared/api/generation';
import { insideSafeArea } from '@vitrine/shared/api/safe-area';
import { rgbOf } from '../../art-direction/brand-palette';
import { planExpress } from '../../art-direction/express-plan';
import type { PlannedBrand } from '../../art-direction/types';
import { prepareBrand } from '../../brand/prepare';
import { hexOf } from '../../pixels/color';
import { createImageProvider } from '../../providers/index';
import {
  hueGap,
  drawnLogo,
  logoDifference,
  meanColour,
  measuredContrast,
  shared,
} from '../../test-utils/brand';
import { decodeOutput } from '../../test-utils/measure';
import { MIN_CONTRAST } from '../text/contrast';
import { configureRenderThreads } from '../threads';
import { DEFAULT_RENDER_THREADS } from '../thread-count';
import { MOTIF_BORDERS } from './motifs';
import { renderExpressVariant } from './render-express';

const COLOURS = ['#1f3a5f', '#e8b04b'];
const DESCRIPTION = 'Boulangerie du Marché : pains au levain et café dès 7 h';
let logo: Buffer;
let brand: PlannedBrand;
beforeAll(async () => {
  // A wide wordmark: drawn larger than a round logo, its proportions kept.
  logo = await drawnLogo(360, 120);
  brand = await prepareBrand({ colours: COLOURS, logo, signature: 'www.boulangerie-du-marche.fr' });
});
afterAll(() => configureRenderThreads(DEFAULT_RENDER_THREADS));

const request = (style: 'moderne' | 'minimaliste' | 'elegante', format: ExpressFormat) =>
  expressRequest.parse({ style, format, description: DESCRIPTION, variants: 1 });

const CASES = [
  ['moderne', 'square', 0],
  ['elegante', 'story', 1],
  ['minimaliste', 'banner', 2],
] as const;

describe('a brand on Express visuals', () => {
  it.each(CASES)(
    '%s %s: marks in the safe area, clear of the text, every text at 4.5:1',
    async (style, format, variant) => {
      const { images, metadata, layers } = await renderExpressVariant(
        planExpress(request(style, format), variant, undefined, brand),
      );
      const image = await decodeOutput(images.jpeg!);
      const { logo: box, signature } = metadata.brand!;
      expect(insideSafeArea(box!, metadata.safeArea)).toBe(true);
      expect(insideSafeArea(signature!.rect, metadata.safeArea)).toBe(true);
      expect(shared(box!, signature!.rect)).toBe(0);
      expect(box!.width / box!.height).toBeCloseTo(3, 1);
      for (const text of [metadata.headline!, metadata.supporting!]) {
        expect(shared(box!, text.rect), text.role).toBe(0);
        expect(shared(signature!.rect, text.rect), text.role).toBe(0);
      }
      // Inside the border a design draws round the picture (the elegant frame), never across its line.
      const border = MOTIF_BORDERS[EXPRESS_DESIGNS[style].motif];
      if (border) {
        const line = border * Math.min(metadata.width, metadata.height);
        for (const rect of [box!, signature!.rect]) {
          expect(rect.x).toBeGreaterThan(line);
          expect(rect.y).toBeGreaterThan(line);
          expect(metadata.width - (rect.x + rect.width)).toBeGreaterThan(line);
          expect(metadata.height - (rect.y + rect.height)).toBeGreaterThan(line);
        }
      }
      expect(await logoDifference(image, logo, box!)).toBeLessThan(12);
      const reports = [metadata.headline, metadata.supporting, ...(signature ? [signature] : [])];
      expect(layers.map((l) => l.role)).toEqual(['slogan', 'tagline', 'signature']);
      for (const [i, layer] of layers.entries()) {
        const contrast = await measuredContrast(image, layer, reports[i]!.rect);
        expect(contrast, layer.role).toBeGreaterThanOrEqual(MIN_CONTRAST);
      }
    },
    30_000,
  );

  it("draws the design in the brand's colours: the background takes the main colour's hue", async () => {
    const { images, metadata } = await renderExpressVariant(
      planExpress(request('moderne', 'square'), 0, undefined, brand),
    );
    const plain = await renderExpressVariant(planExpress(request('moderne', 'square'), 0));
    // The top left corner, outside the logo: where the design's gradient starts from its first colour.
    const corner = { x: 0, y: 0, width: 40, height: 40 };
    const main = rgbOf(COLOURS[0]!);
    const branded = meanColour(await decodeOutput(images.jpeg!), corner);
    const unbranded = meanColour(await decodeOutput(plain.images.jpeg!), corner);
    expect(hueGap(branded, main)).toBeLessThan(12);
    expect(hueGap(unbranded, main)).toBeGreaterThan(12);
    expect(metadata.brand!.palette).not.toContain(hexOf(EXPRESS_DESIGNS.moderne.background[0]));
    expect(metadata.brand!.colours).toEqual(COLOURS);
  }, 30_000);

  it('applies the brand through the provider, on a render thread, the logo crossing in shared memory', async () => {
    await configureRenderThreads(1);
    const provider = createImageProvider({ kind: 'local' });
    const input = { colours: COLOURS, logo, signature: '@maboutique' };
    const [threaded] = await provider.renderExpress({ request: request('moderne', 'square'), brand: input });
    const here = await renderExpressVariant(
      planExpress(request('moderne', 'square'), 0, undefined, await prepareBrand(input)),
    );
    expect(threaded!.metadata.brand).toEqual(here.metadata.brand);
    expect(threaded!.images.jpeg!.equals(here.images.jpeg!)).toBe(true);
  }, 60_000);
});
