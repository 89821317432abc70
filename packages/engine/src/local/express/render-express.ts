/** The local provider for Express: a designed visual in the chosen style, headline typeset, no photo. */
import { safeAreaOf, type SafeArea } from '@vitrine/shared/api/safe-area';
import { expressTextBlocks, type ExpressPlan } from '../../art-direction/express-plan';
import type { Box } from '../../art-direction/types';
import { rasteriseInBands, type RawImage } from '../../image/sharp';
import type { RenderFormat } from '../encode';
import { finish, Stopwatch, type BrandReport, type EncodedImages } from '../finish';
import { brandInks } from '../text/brand-inks';
import { imageryArt } from './imagery';
import { expressArt, svgDocument, MOTIF_BORDERS } from './motifs';
import { addGrain, vignette, vignetteOf } from '../draw/light';
import { filmGrain, glow } from '../draw/surface';
import { prefetchText } from '../text/text-layout';
import type { TextLayer } from '../text/layers';
import type { TypesetReport } from '../text/typeset';

export type ExpressMetadata = {
  engine: 'local';
  mode: 'express';
  variant: number;
  width: number;
  height: number;
  style: ExpressPlan['style'];
  headline: TypesetReport | null;
  supporting: TypesetReport | null;
  /** The words written for the visual: by whom (local copywriter or model), in which language. */
  copy: ExpressPlan['copy'];
  /** The language of the text and the typographic rules it was set with. */
  typography: ExpressPlan['typography'];
  /** What the picture shows of the business, and why. */
  imagery: ImageryReport | null;
  logoZone: Box;
  /** Where text and the logo stay, clear of the networks' overlays and the edges (every text rect is in it). */
  safeArea: SafeArea;
  steps: string[];
  /** The shop's brand kit as applied: its palette, its logo's and signature's places. Absent without one. */
  brand?: BrandReport;
  timings: { designMs: number; typesetMs: number; encodeMs: number; totalMs: number };
};

export type ImageryReport = {
  subject: ExpressPlan['imagery']['match']['subject'];
  keywords: string[];
  why: string;
  /** The icons drawn, as "phosphor:<file name>". */
  icons: string[];
  licence: string;
};

export const ICONS_LICENCE = 'Phosphor Icons (@phosphor-icons/core 2.1.1), MIT';

export type RenderedExpress = { images: EncodedImages; metadata: ExpressMetadata; layers: TextLayer[] };

/**
 * The design's drawing (motifs.ts) with the icons that show the business (imagery.ts):
 * the faint lead icon under the motif, the icons over it, the motif's shapes kept off the icons.
 */
export function expressDrawing(plan: ExpressPlan) {
  const { canvas, design } = plan;
  // Headline and supporting line: the motif and the icons keep out of the whole area they take.
  const text = plan.textArea;
  const imagery = imageryArt(canvas, plan.imagery, text ? [text] : [], plan.logoZone, plan.variant);
  const motif = expressArt(canvas, design, plan.seed, plan.mirrored, text, imagery.boxes, imagery.underlay);
  return { art: motif + imagery.svg, imagery };
}

export async function renderExpressVariant(
  plan: ExpressPlan,
  formats: RenderFormat[] = ['jpeg'],
): Promise<RenderedExpress> {
  const clock = new Stopwatch();
  // The headline is set by libvips on another thread while the background is drawn.
  prefetchText(expressTextBlocks(plan));
  const { design, canvas } = plan;
  const { art, imagery } = expressDrawing(plan);
  // Drawn in two bands side by side: the gradients cost librsvg most, and they fill the whole canvas.
  const scene = await rasteriseInBands(
    (band) => svgDocument(art, canvas, band),
    canvas.width,
    canvas.height,
    2,
  );
  const { match } = plan.imagery;
  const steps = [`${design.motif} design`, `${match.subject} imagery: ${imagery.icons.length} icons`];
  if (design.glow > 0) await glow(scene, design.glow, design.accents[0]!);
  // Grain, then the vignette: one pass when there is grain.
  if (design.grain > 0) {
    addGrain(
      scene,
      filmGrain(design.grain, plan.seed),
      vignetteOf(design.vignette, canvas.width, canvas.height),
    );
  } else {
    vignette(scene, design.vignette);
  }
  const report: ImageryReport = {
    subject: match.subject,
    keywords: match.keywords,
    why: match.why,
    icons: imagery.icons,
    licence: ICONS_LICENCE,
  };
  return finishExpress(plan, scene, steps, formats, clock, 0, report);
}

/**
 * The end of every Express render, whatever drew the background: the ending every render shares
 * (local/finish.ts: the headline typeset, with a scrim when the scene alone cannot reach 4.5:1, and the
 * encoding), and the metadata. `clock` started with the design; `extraDesignMs` counts work done before
 * it (e.g. decoding a drawn background).
 */
export async function finishExpress(
  plan: ExpressPlan,
  scene: RawImage,
  steps: string[],
  formats: RenderFormat[],
  clock: Stopwatch,
  extraDesignMs = 0,
  imagery: ImageryReport | null = null,
): Promise<RenderedExpress> {
  const designMs = clock.lap();
  const { brand, design } = plan;
  const inks = brand ? brandInks(brand.colours) : design.inks;
  const marks = brand && {
    brand,
    language: plan.typography.language,
    palette: { colours: [...design.background, ...design.accents], inks },
    product: null,
    border: MOTIF_BORDERS[design.motif],
  };
  const text = { blocks: expressTextBlocks(plan), inks, ...(marks && { brand: marks }) };
  const end = await finish(scene, steps, text, typesetName, formats, clock);
  const { headline, supporting } = headlineOf(end.text);
  return {
    images: end.images,
    layers: end.layers,
    metadata: {
      engine: 'local',
      mode: 'express',
      variant: plan.variant,
      width: scene.width,
      height: scene.height,
      style: plan.style,
      headline,
      supporting,
      copy: plan.copy,
      typography: plan.typography,
      imagery,
      logoZone: plan.logoZone,
      safeArea: safeAreaOf(plan.canvas),
      steps,
      ...(end.brand && { brand: end.brand }),
      timings: {
        designMs: Math.round(designMs + extraDesignMs),
        typesetMs: Math.round(end.typesetMs),
        encodeMs: Math.round(end.encodeMs),
        totalMs: Math.round(clock.elapsed() + extraDesignMs),
      },
    },
  };
}

const headlineOf = (text: TypesetReport[]) => ({
  headline: text.find((report) => report.role === 'slogan') ?? null,
  supporting: text.find((report) => report.role === 'tagline') ?? null,
});

function typesetName(text: TypesetReport[]): string | null {
  const { headline, supporting } = headlineOf(text);
  if (!headline) return null;
  return supporting ? 'typeset headline and supporting line' : 'typeset headline';
}
