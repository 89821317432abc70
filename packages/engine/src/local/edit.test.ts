import { beforeAll, describe, expect, it } from 'vitest';
import { expressRequest } from '@vitrine/shared/api/generation';
import { planExpress } from '../art-direction/express-plan';
import { planFusion } from '../art-direction/plan';
import { decodeOutput, luminance, ssim } from '../test-utils/measure';
import { hasFrenchOcr, ocrRegion, withoutAccents } from '../test-utils/ocr';
import { baseRequest, renderInputs } from '../test-utils/render-fixtures';
import type { RawImage } from '../image/sharp';
import { renderEdit } from './edit';
import { renderExpressVariant } from './express/render-express';
import { renderFusionVariant } from './fusion/render-fusion';
import { dpiForEm, type TextLayer } from './text/layers';
import { layoutAt } from './text/text-layout';

let inputs: Awaited<ReturnType<typeof renderInputs>>;
beforeAll(async () => {
  inputs = await renderInputs();
}, 60_000);

/** A plate with its layers set again is the composed picture: at least this similar (luminance SSIM)... */
const SAME_SSIM = 0.99;
/** ...and at most this far apart on average (0-255 per channel): the JPEG's own noise. */
const SAME_MEAN_DIFFERENCE = 1;

type Rect = { x: number; y: number; width: number; height: number };

function meanDifference(a: RawImage, b: RawImage, rect?: Rect): number {
  const area = rect ?? { x: 0, y: 0, width: a.width, height: a.height };
  let sum = 0;
  for (let y = area.y; y < area.y + area.height; y++) {
    for (let x = area.x; x < area.x + area.width; x++) {
      const i = (y * a.width + x) * a.channels;
      for (let c = 0; c < 3; c++) sum += Math.abs(a.data[i + c]! - b.data[i + c]!);
    }
  }
  return sum / (area.width * area.height * 3);
}

const similarity = (a: RawImage, b: RawImage) => ssim(luminance(a), luminance(b), a.width, a.height);

async function fusion(texts: { slogan: string; tagline?: string }) {
  const plan = planFusion(baseRequest({ ...texts, typography: 'élégant' }), 0);
  return renderFusionVariant(plan, inputs.studio, inputs.context, ['jpeg', 'plate']);
}

describe('a picture keeps its text as layers beside a text-free plate', () => {
  it('asking for the plate leaves the composed JPEG byte for byte as it was', async () => {
    const plan = planFusion(baseRequest({ slogan: 'Le goût du vrai !' }), 0);
    const plain = await renderFusionVariant(plan, inputs.studio, inputs.context, ['jpeg']);
    const withPlate = await renderFusionVariant(plan, inputs.studio, inputs.context, ['jpeg', 'plate']);
    expect(withPlate.images.jpeg!.equals(plain.images.jpeg!)).toBe(true);
    expect(plain.images.plate).toBeUndefined();
  }, 60_000);

  it('the plate has no text, and setting its layers again gives the composed picture back', async () => {
    const { images, layers, metadata } = await fusion({
      slogan: 'Savon d’Alep artisanal',
      tagline: 'Huile d’olive et de laurier, 12 € le pain',
    });
    expect(layers.map((layer) => layer.role)).toEqual(['slogan', 'tagline']);
    expect(layers[0]).toMatchObject({ text: 'Savon d’Alep artisanal', language: 'fr' });
    const [composed, plate] = await Promise.all([decodeOutput(images.jpeg!), decodeOutput(images.plate!)]);
    const slogan = metadata.text[0]!.rect;
    // Where the slogan is, the plate shows the scene without it.
    expect(meanDifference(composed, plate, slogan)).toBeGreaterThan(10);
    const again = await decodeOutput((await renderEdit(images.plate!, layers)).file);
    expect(again.width).toBe(composed.width);
    expect(similarity(again, composed)).toBeGreaterThanOrEqual(SAME_SSIM);
    expect(meanDifference(again, composed)).toBeLessThan(SAME_MEAN_DIFFERENCE);
    expect(meanDifference(again, composed, slogan)).toBeLessThan(SAME_MEAN_DIFFERENCE * 3);
  }, 60_000);

  it('an Express visual has its plate and layers too, and they give it back', async () => {
    const plan = planExpress(
      expressRequest.parse({ style: 'moderne', format: 'square', description: 'Boulangerie' }),
      0,
    );
    const { images, layers } = await renderExpressVariant(plan, ['jpeg', 'plate']);
    expect(layers.length).toBeGreaterThan(0);
    const composed = await decodeOutput(images.jpeg!);
    const again = await decodeOutput((await renderEdit(images.plate!, layers)).file);
    expect(similarity(again, composed)).toBeGreaterThanOrEqual(SAME_SSIM);
    expect(meanDifference(again, composed)).toBeLessThan(SAME_MEAN_DIFFERENCE);
  }, 60_000);

  it('a layer with other words (a new price) is set with them where the old ones were', async () => {
    const { images, layers, metadata } = await fusion({ slogan: 'Prix doux', tagline: 'Le pot à 12 €' });
    const edited: TextLayer[] = layers.map((layer) =>
      layer.role === 'tagline' ? { ...layer, text: 'Le pot à 9 €' } : layer,
    );
    const [composed, before, after] = await Promise.all([
      decodeOutput(images.jpeg!),
      decodeOutput((await renderEdit(images.plate!, layers)).file),
      decodeOutput((await renderEdit(images.plate!, edited)).file),
    ]);
    const tagline = metadata.text[1]!.rect;
    const slogan = metadata.text[0]!.rect;
    // The tagline changed, the slogan did not.
    expect(meanDifference(after, before, tagline)).toBeGreaterThan(5);
    expect(meanDifference(after, composed, slogan)).toBeLessThan(SAME_MEAN_DIFFERENCE * 3);
    if (hasFrenchOcr) {
      const read = withoutAccents(await ocrRegion(after, tagline));
      expect(read).toMatch(/9/);
      expect(read).not.toMatch(/12/);
    }
  }, 60_000);

  it('edited words get their language’s typography: a French "!" takes its no-break space', async () => {
    const typeface = { family: 'Inter', weight: 800, italic: false, uppercase: false };
    const fr = await layoutAt({ text: 'Soldes!', language: 'fr', typeface, align: 'center' }, 300, 2000);
    const en = await layoutAt({ text: 'Sale!', language: 'en', typeface, align: 'center' }, 300, 2000);
    expect(fr.text).toBe('Soldes\u00a0!');
    expect(en.text).toBe('Sale!');
  });

  it('a layer’s size in px is the em of its face: Inter’s capitals are 0.727 of it', async () => {
    const typeface = { family: 'Inter', weight: 800, italic: false, uppercase: false };
    const { mask } = await layoutAt(
      { text: 'H', language: 'en', typeface, align: 'left' },
      dpiForEm(100),
      1000,
    );
    const inked = [];
    for (let y = 0; y < mask.height; y++) {
      const row = mask.data.subarray(y * mask.width, (y + 1) * mask.width);
      if (row.some((v) => v > 128)) inked.push(y);
    }
    expect(inked.length).toBeGreaterThanOrEqual(70);
    expect(inked.length).toBeLessThanOrEqual(76);
  });

  it('a layer moved, with a band and an outline, is drawn where it was moved to', async () => {
    const { images, layers } = await fusion({ slogan: 'Bienvenue' });
    const plate = await decodeOutput(images.plate!);
    const slogan = layers[0]!;
    const moved: TextLayer = {
      ...slogan,
      box: { ...slogan.box, y: plate.height - slogan.box.height - 10 },
      colour: [255, 255, 255],
      effect: { kind: 'none' },
      band: [200, 0, 0],
      outline: { colour: [0, 0, 0], width: 4 },
    };
    const out = await decodeOutput((await renderEdit(images.plate!, [moved])).file);
    // The band's red fills the box's corner around the text.
    const i = ((moved.box.y + 4) * out.width + Math.round(moved.box.x + moved.box.width / 2)) * 3;
    const corner = [out.data[i]!, out.data[i + 1]!, out.data[i + 2]!];
    expect(corner[0]).toBeGreaterThan(150);
    expect(corner[1]).toBeLessThan(60);
    // Nothing left where the slogan was.
    expect(meanDifference(out, plate, slogan.box)).toBeLessThan(SAME_MEAN_DIFFERENCE);
  }, 60_000);
});
