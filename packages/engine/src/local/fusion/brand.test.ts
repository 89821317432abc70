/**
 * The brand kit on Fusion images (spec: "Ma marque / My brand"): its colours recorded and seen, its logo
 * where the metadata says, inside the safe area and clear of the product and the text, its signature set
 * small and legible, every text at 4.5:1 or more read on the image, and the plate without either mark.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FusionRequestInput } from '@vitrine/shared/api/generation';
import { insideSafeArea } from '@vitrine/shared/api/safe-area';
import { brandGrading, rgbOf } from '../../art-direction/brand-palette';
import { planFusion } from '../../art-direction/plan';
import { TYPEFACES } from '../../art-direction/typefaces';
import type { Box, Grading, PlannedBrand } from '../../art-direction/types';
import { prepareBrand } from '../../brand/prepare';
import { hexOf } from '../../pixels/color';
import {
  deltaE,
  drawnLogo,
  inkSeen,
  logoDifference,
  meanColour,
  meanDifference,
  measuredContrast,
  shared,
} from '../../test-utils/brand';
import { decodeOutput, luminance, ssim } from '../../test-utils/measure';
import { renderEdit } from '../edit';
import { baseRequest, renderInputs } from '../../test-utils/render-fixtures';
import { MIN_CONTRAST } from '../text/contrast';
import { emPx } from '../text/layers';
import { renderFusionVariant } from './render-fusion';
import { createImageProvider } from '../../providers/index';
import { renderFusionFormats, sceneFor } from '../requests';
import { drawStudioSweep } from '../draw/studio';
import { findScene } from '../scenes';
import { PALETTE_GRADING } from '../../art-direction/grading';
import { productPhoto } from '../../samples/synthetic';

const COLOURS = ['#1F3A5F', '#e8b04b'];
let inputs: Awaited<ReturnType<typeof renderInputs>>;
let logo: Buffer;
let brand: PlannedBrand;
beforeAll(async () => {
  [inputs, logo] = await Promise.all([renderInputs(), drawnLogo()]);
  brand = await prepareBrand({ colours: COLOURS, logo, typography: 'élégant', signature: '@maboutique' });
}, 60_000);

const plain = (request: Partial<FusionRequestInput>, variant: number, kit: PlannedBrand | null) =>
  renderFusionVariant(
    planFusion(baseRequest(request), variant, undefined, kit),
    inputs.studio,
    inputs.context,
    ['jpeg', 'plate'],
  );
/** Each case is rendered once, whichever test asks first. */
const renders = new Map<string, ReturnType<typeof plain>>();
function render(request: Partial<FusionRequestInput>, variant: number) {
  const key = JSON.stringify([request, variant]);
  if (!renders.has(key)) renders.set(key, plain(request, variant, brand));
  return renders.get(key)!;
}

const CASES: [Partial<FusionRequestInput>, number][] = [
  [
    { style: 'photo réaliste', format: 'carré', slogan: 'Savon d’Alep', tagline: 'Huile d’olive et laurier' },
    0,
  ],
  [{ style: '3D mockup', format: 'story', slogan: 'Le goût du vrai !', position: 'gauche' }, 1],
  [{ style: 'cyberpunk', format: 'paysage', slogan: 'Nuit blanche', position: 'droite' }, 3],
  // A dark scene behind the slogan: the brand's light colour is its ink.
  [{ style: 'cyberpunk', format: 'paysage', slogan: 'Nuit blanche', position: 'droite' }, 2],
];

describe('a brand on Fusion images', () => {
  it.each(CASES)(
    '%o: logo where the metadata says, in the safe area, clear of product and text; not on the plate',
    async (request, variant) => {
      const { images, metadata } = await render(request, variant);
      const box = metadata.brand!.logo!;
      expect(insideSafeArea(box, metadata.safeArea)).toBe(true);
      expect(shared(box, metadata.product)).toBe(0);
      for (const text of metadata.text) expect(shared(box, text.rect), text.role).toBe(0);
      // Its larger side is a legible share of the frame (15 % of the shorter side for a round logo).
      expect(Math.max(box.width, box.height)).toBeGreaterThanOrEqual(
        0.1 * Math.min(metadata.width, metadata.height),
      );
      const image = await decodeOutput(images.jpeg!);
      expect(await logoDifference(image, logo, box)).toBeLessThan(12);
      // The plate is the picture before its marks: the editor opens with the logo as a layer.
      expect(await logoDifference(await decodeOutput(images.plate!), logo, box)).toBeGreaterThan(40);
    },
    30_000,
  );

  it.each(CASES)(
    '%o: every text, the signature too, reaches 4.5:1 read on the image',
    async (request, variant) => {
      const { images, metadata, layers } = await render(request, variant);
      const image = await decodeOutput(images.jpeg!);
      expect(layers.map((layer) => layer.role)).toContain('signature');
      for (const [i, layer] of layers.entries()) {
        const contrast = await measuredContrast(image, layer, metadata.text[i]!.rect);
        expect(contrast, layer.role).toBeGreaterThanOrEqual(MIN_CONTRAST);
      }
    },
    30_000,
  );

  it.each(CASES)(
    '%o: the signature small, legible, in the safe area, clear of product, slogan and logo',
    async (request, variant) => {
      const { metadata, layers } = await render(request, variant);
      const signature = metadata.brand!.signature!;
      expect(signature.text).toBe('@maboutique');
      const layer = layers.find((l) => l.role === 'signature')!;
      // Small: well under the slogan's size; legible: an em of 16 px or more on a 1080-px frame.
      const slogan = layers.find((l) => l.role === 'slogan')!;
      expect(emPx(layer.dpi)).toBeLessThan(emPx(slogan.dpi) * 0.5);
      expect(emPx(layer.dpi)).toBeGreaterThanOrEqual(16 * (Math.min(metadata.width, metadata.height) / 1080));
      expect(insideSafeArea(signature.rect, metadata.safeArea)).toBe(true);
      const others: Box[] = [metadata.product, metadata.brand!.logo!];
      for (const text of metadata.text) if (text.role !== 'signature') others.push(text.rect);
      for (const other of others) expect(shared(signature.rect, other)).toBe(0);
    },
    30_000,
  );

  it("records the brand's colours and shows them: the main one as the signature's band, both as text ink", async () => {
    const inks = new Set<string>();
    for (const [request, variant] of CASES) {
      const { images, metadata, layers } = await render(request, variant);
      expect(metadata.brand!.colours).toEqual(COLOURS.map((c) => c.toLowerCase()));
      const image = await decodeOutput(images.jpeg!);
      // The band shows around the signature: a strip just above its letters, inside the band's margin.
      const layer = layers.find((l) => l.role === 'signature')!;
      const pad = Math.round(emPx(layer.dpi) * 0.3);
      const rect = metadata.brand!.signature!.rect;
      const strip = { x: rect.x, y: rect.y - pad + 1, width: rect.width, height: pad - 2 };
      expect(deltaE(meanColour(image, strip), rgbOf(COLOURS[0]!))).toBeLessThan(6);
      for (const [i, text] of layers.entries()) {
        if (text.role === 'signature') continue;
        const seen = await inkSeen(image, text, metadata.text[i]!.rect);
        // The ink seen is the one recorded, and the metadata lists it in the brand's palette.
        expect(deltaE(seen, text.colour), text.role).toBeLessThan(10);
        expect(metadata.brand!.palette).toContain(hexOf(text.colour));
        const brandColour = COLOURS.find((c) => deltaE(seen, rgbOf(c)) < 10);
        if (brandColour) inks.add(brandColour.toLowerCase());
      }
    }
    // Both colours reach 7:1 against white or black: each is an ink as it is, and is seen as one.
    expect([...inks].sort()).toEqual(COLOURS.map((c) => c.toLowerCase()).sort());
  }, 60_000);

  it("sets the text in the brand's typography instead of the request's", async () => {
    const [request, variant] = CASES[0]!;
    const { layers } = await render(request, variant);
    expect(baseRequest(request).typography).not.toBe('élégant');
    expect(layers.find((l) => l.role === 'slogan')!.typeface).toEqual(TYPEFACES['élégant'].slogan);
    expect(layers.find((l) => l.role === 'tagline')!.typeface).toEqual(TYPEFACES['élégant'].tagline);
  }, 30_000);

  it('gives the marketplace image (pure white, textless) neither logo nor signature', async () => {
    const request = { format: 'marketplace' as const, slogan: 'Ignoré' };
    const branded = await plain(request, 0, brand);
    const unbranded = await plain(request, 0, null);
    expect(branded.images.jpeg!.equals(unbranded.images.jpeg!)).toBe(true);
    expect(branded.layers).toEqual([]);
    expect(branded.metadata.brand).toMatchObject({ logo: null, signature: null });
    expect(unbranded.metadata.brand).toBeUndefined();
  }, 30_000);

  it('the plate with the logo as a layer and the text layers set again gives the picture back', async () => {
    const [request, variant] = CASES[0]!;
    const { images, layers, metadata } = await render(request, variant);
    const box = metadata.brand!.logo!;
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const edited = await renderEdit(images.plate!, layers, { file: logo, ...centre, width: box.width });
    const [again, composed] = await Promise.all([decodeOutput(edited.file), decodeOutput(images.jpeg!)]);
    expect(ssim(luminance(again), luminance(composed), again.width, again.height)).toBeGreaterThan(0.99);
    for (const rect of [box, metadata.brand!.signature!.rect])
      expect(meanDifference(again, composed, rect)).toBeLessThan(4);
  }, 30_000);

  it("composes every format again with the brand, on a studio sweep drawn in the brand's colours", async () => {
    const request = baseRequest({ slogan: 'Le goût du vrai !', variants: 1 });
    const formats = ['carré', 'story'] as const;
    const input = {
      request,
      product: await productPhoto('bottle', 'studio-grey', 2.5),
      scene: 'studio-sweep',
    };
    const kit = { colours: COLOURS, logo, signature: '@maboutique' };
    const [branded, unbranded] = await Promise.all([
      renderFusionFormats({ ...input, formats, brand: kit }),
      renderFusionFormats({ ...input, formats }),
    ]);
    const { light } = brandGrading(COLOURS).swatch;
    for (const [i, { format, image }] of branded.entries()) {
      const { brand: report, safeArea } = image.metadata;
      expect(insideSafeArea(report!.logo!, safeArea), format).toBe(true);
      expect(report!.signature!.text).toBe('@maboutique');
      // The picture's top, above everything: graded nearer the brand's light colour than the palette's.
      const top = { x: 0, y: 0, width: image.metadata.width, height: 30 };
      const seen = meanColour(await decodeOutput(image.images.jpeg!), top);
      const plain = meanColour(await decodeOutput(unbranded[i]!.image.images.jpeg!), top);
      expect(deltaE(seen, light), format).toBeLessThan(deltaE(plain, light));
    }
    // The worker's path (the provider, every format in one pass) gives the same pictures.
    const provided = await createImageProvider().renderFusion({
      ...input,
      request: { ...request, format: 'carré', everyFormat: true },
      brand: kit,
    });
    for (const { format, image } of branded) {
      const same = provided.find((p) => p.metadata.format === format)!;
      expect(same.images.jpeg!.equals(image.images.jpeg!), `${format} through the provider`).toBe(true);
    }
    // The sweep itself, before any grading, is drawn from the brand's swatch, not the palette's.
    const canvas = { width: 400, height: 300 };
    const sweep = (swatch: Grading['swatch']) =>
      drawStudioSweep({ size: canvas, floor: findScene('studio-sweep')!.surface[0], swatch, dark: false });
    const drawn = (await sceneFor(input, canvas, brand)).image.data;
    expect(drawn.equals((await sweep(brandGrading(COLOURS).swatch)).data)).toBe(true);
    expect(drawn.equals((await sweep(PALETTE_GRADING[request.palette].swatch)).data)).toBe(false);
  }, 60_000);
});
