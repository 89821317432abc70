/**
 * Engine benchmark: how long the local engine takes per image and per 4-image request, in every Fusion
 * and Express format, against this machine's floor for the same output (decode the inputs, resize to
 * the format and encode the JPEG with sharp alone). Inputs are generated once: a studio product photo
 * (opaque JPEG, so the cut-out runs) and a 3000x2000 context photo with photographic noise. Variants
 * rotate through every style, palette and typography. Prints JSON.
 *   BENCH_STYLES     styles timed variant by variant per format, 4 variants each (default: all)
 *   BENCH_REQUESTS   whole 4-variant requests timed per format (default: one per style)
 *   BENCH_FORMATS    only these formats, comma-separated (e.g. "story,banner"; default: all)
 *   BENCH_RENDER_THREADS  render threads for whole requests (default: the engine's, one per core; 0: none)
 * "Every format" (one variant composed again in each Fusion format, from the files) is timed when no
 * BENCH_FORMATS is given.
 * Variants are timed one at a time on the main thread; whole requests run as the server runs them.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  EXPRESS_FORMAT_SIZES,
  EXPRESS_FORMATS,
  EXPRESS_STYLES,
  expressRequest,
  FUSION_FORMAT_SIZES,
  FUSION_FORMATS,
  FUSION_PALETTES,
  FUSION_POSITIONS,
  FUSION_STYLES,
  FUSION_TYPOGRAPHIES,
  fusionRequest,
  type ExpressFormat,
  type FusionFormat,
} from '@vitrine/shared/api/generation';
import { planExpress, planExpressVariants } from '../packages/engine/src/art-direction/express-plan';
import { planFusion, planFusionVariants } from '../packages/engine/src/art-direction/plan';
import { prepareContext, prepareProduct } from '../packages/engine/src/local/prepare';
import { decodeRgba } from '../packages/engine/src/image/decode';
import { cutOut } from '../packages/engine/src/cutout/cutout';
import { withDetail } from '../packages/engine/src/cutout/detail';
import { PRODUCT_SIDE } from '../packages/engine/src/cutout/run';
import { renderExpressVariant } from '../packages/engine/src/local/express/render-express';
import { renderFusionVariant } from '../packages/engine/src/local/fusion/render-fusion';
import { renderExpress, renderFusion } from '../packages/engine/src/local/requests';
import { closeRenderThreads, configureRenderThreads } from '../packages/engine/src/local/threads';
import { DEFAULT_RENDER_THREADS } from '../packages/engine/src/local/thread-count';
import { productPhoto, sceneJpeg } from '../packages/engine/src/samples/synthetic';
import { machine, percentile, round } from './lib';
import { timeEveryFormat } from './every-format';
import { floorOf, withPhotoNoise } from './engine-floor';

/** Styles timed per format, one 4-variant request each (default: every style). */
const STYLES = {
  fusion: Math.min(FUSION_STYLES.length, Number(process.env.BENCH_STYLES ?? FUSION_STYLES.length)),
  express: Math.min(EXPRESS_STYLES.length, Number(process.env.BENCH_STYLES ?? EXPRESS_STYLES.length)),
};
/** Whole 4-variant requests timed per format (default: one per style). */
const REQUESTS = {
  fusion: Number(process.env.BENCH_REQUESTS ?? FUSION_STYLES.length),
  express: Number(process.env.BENCH_REQUESTS ?? EXPRESS_STYLES.length),
};
const ONLY = process.env.BENCH_FORMATS?.split(',').map((f) => f.trim());
const chosen = <T extends string>(formats: readonly T[]) =>
  formats.filter((format) => !ONLY || ONLY.includes(format));

const SLOGAN = 'Savon d’Alep artisanal';
const TAGLINE = 'Huile d’olive et de laurier — fabriqué à la main, livré en 48 h';
const DESCRIPTION = 'Boulangerie du Marché : pains au levain, viennoiseries et café dès 7 h';

const TARGETS = {
  fusion_story_variant_p50_ms: 400,
  fusion_story_request_4_variants_ms: 1500,
  express_variant_p50_ms: 250,
};

const ms = (start: number) => performance.now() - start;
/** CPU time of this process (main thread and libvips threads) since `start`, in ms. */
const cpuMs = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};
const stats = (values: number[]) => ({
  p50_ms: round(percentile(values, 50), 0),
  p95_ms: round(percentile(values, 95), 0),
  runs: values.length,
});

/** Fusion request i of a format: styles, palettes, typographies and positions rotate. */
function fusionInput(i: number, format: FusionFormat, variants: number) {
  return fusionRequest.parse({
    position: FUSION_POSITIONS[i % FUSION_POSITIONS.length],
    style: FUSION_STYLES[i % FUSION_STYLES.length],
    palette: FUSION_PALETTES[i % FUSION_PALETTES.length],
    typography: FUSION_TYPOGRAPHIES[i % FUSION_TYPOGRAPHIES.length],
    slogan: SLOGAN,
    tagline: TAGLINE,
    format,
    variants,
  });
}

const expressInput = (i: number, format: ExpressFormat, variants: number) =>
  expressRequest.parse({
    style: EXPRESS_STYLES[i % EXPRESS_STYLES.length],
    format,
    description: DESCRIPTION,
    variants,
  });

const RENDER_THREADS = Number(process.env.BENCH_RENDER_THREADS ?? DEFAULT_RENDER_THREADS);
await configureRenderThreads(RENDER_THREADS);

const loadAtStart = os.loadavg().map((v) => round(v, 1));

// ---- inputs -------------------------------------------------------------------------------------
const productFile = await withPhotoNoise(await productPhoto('bottle', 'studio-grey', 4), 3, 92);
const contextFile = await withPhotoNoise(await sceneJpeg(3000, 2000), 10, 90);
const [product, context] = await Promise.all([prepareProduct(productFile), prepareContext(contextFile)]);
if (product.cutout.method !== 'studio') throw new Error(`cut-out fell back to ${product.cutout.method}`);

// ---- floor: sharp alone, from the files to the JPEG, at the engine's sizes and JPEG settings ------
const { floorImage, floorRequest, expressFloor } = floorOf({ product: productFile, context: contextFile });

const median = async (runs: number, work: () => Promise<number>) => {
  const times: number[] = [];
  for (let r = 0; r < runs; r++) times.push(await work());
  return percentile(times, 50);
};

// ---- the cut-out read again at the detail it is shown at (cutout/detail.ts), on its own ------------
const reduced = await decodeRgba(productFile, PRODUCT_SIDE);
const reducedCutout = await cutOut(reduced);
const detailMs = await median(5, async () => {
  const t0 = performance.now();
  await withDetail(productFile, reduced, reduced.source, reducedCutout);
  return performance.now() - t0;
});

// ---- warm-up: every style once, and the express designs, so JIT and font loading are not timed ---
for (let i = 0; i < FUSION_STYLES.length; i++) {
  await renderFusionVariant(planFusion(fusionInput(i, 'carré', 1), 0), product, context);
}
for (let i = 0; i < EXPRESS_STYLES.length; i++) {
  await renderExpressVariant(planExpress(expressInput(i, 'square', 1), 0));
}
// The render threads (which whole requests use) warm up on their own: every style through each.
for (let i = 0; i < FUSION_STYLES.length; i++) {
  await renderFusion({ request: fusionInput(i, 'carré', 4), product: productFile, context: contextFile });
}
await renderExpress(expressInput(0, 'square', 4));
await floorRequest(FUSION_FORMAT_SIZES.carré);

// ---- Fusion ---------------------------------------------------------------------------------------
const fusion: Record<string, unknown> = {};
const fusionByStyle: Record<string, number[]> = {};
for (const format of chosen(FUSION_FORMATS)) {
  const size = FUSION_FORMAT_SIZES[format];
  const variantTimes: number[] = [];
  const variantCpu: number[] = [];
  const fileKb: number[] = [];
  // Variant by variant, as a request renders them: per style, the four variants of one request share
  // the cut-out and the context decoded for the format (decoding is timed with the requests below).
  for (let i = 0; i < STYLES.fusion; i++) {
    const request = fusionInput(i, format, 4);
    const shared = await prepareContext(contextFile, size);
    for (const plan of planFusionVariants(request)) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const { images } = await renderFusionVariant(plan, product, shared);
      const elapsed = ms(t0);
      variantCpu.push(cpuMs(c0));
      fileKb.push(images.jpeg!.length / 1024);
      variantTimes.push(elapsed);
      if (format === 'story') (fusionByStyle[plan.style] ??= []).push(elapsed);
    }
  }
  const requestTimes: number[] = [];
  const requestCpu: number[] = [];
  for (let r = 0; r < REQUESTS.fusion; r++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    await renderFusion({ request: fusionInput(r, format, 4), product: productFile, context: contextFile });
    requestTimes.push(ms(t0));
    requestCpu.push(cpuMs(c0));
  }
  const floorV = await median(5, () => floorImage(size));
  const floorR = await median(3, () => floorRequest(size));
  const variant = stats(variantTimes);
  const request = stats(requestTimes);
  fusion[format] = {
    size: `${size.width}x${size.height}`,
    variant: {
      ...variant,
      cpu_p50_ms: round(percentile(variantCpu, 50), 0),
      jpeg_kb_p50: round(percentile(fileKb, 50), 0),
    },
    request_4_variants: {
      ...request,
      cpu_p50_ms: round(percentile(requestCpu, 50), 0),
      includes: 'decode, cut-out, 4 renders, JPEG',
    },
    floor: {
      image_ms: round(floorV, 0),
      request_4_variants_ms: round(floorR, 0),
      means:
        'sharp only: decode both inputs, resize the context to the format, JPEG q88 4:4:4 (request: decode once, 4 crops and JPEGs)',
    },
    ratio_to_floor: {
      variant: round(variant.p50_ms / floorV, 1),
      request: round(request.p50_ms / floorR, 1),
    },
  };
}

// ---- Express --------------------------------------------------------------------------------------
const express: Record<string, unknown> = {};
let expressWorstP50 = 0;
for (const format of chosen(EXPRESS_FORMATS)) {
  const size = EXPRESS_FORMAT_SIZES[format];
  const variantTimes: number[] = [];
  const variantCpu: number[] = [];
  for (let i = 0; i < STYLES.express; i++) {
    for (const plan of planExpressVariants(expressInput(i, format, 4))) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      await renderExpressVariant(plan);
      variantTimes.push(ms(t0));
      variantCpu.push(cpuMs(c0));
    }
  }
  const requestTimes: number[] = [];
  for (let r = 0; r < REQUESTS.express; r++) {
    const t0 = performance.now();
    await renderExpress(expressInput(r, format, 4));
    requestTimes.push(ms(t0));
  }
  const floor = await median(5, () => expressFloor(size));
  const variant = stats(variantTimes);
  expressWorstP50 = Math.max(expressWorstP50, variant.p50_ms);
  express[format] = {
    size: `${size.width}x${size.height}`,
    variant: { ...variant, cpu_p50_ms: round(percentile(variantCpu, 50), 0) },
    request_4_variants: stats(requestTimes),
    floor: {
      variant_ms: round(floor, 0),
      means: 'sharp only: an SVG gradient at the format, JPEG q88 4:4:4',
    },
    ratio_to_floor: { variant: round(variant.p50_ms / floor, 1) },
  };
}

// ---- Every format: one variant composed again in each format, from the files -----------------------
const everyFormat = ONLY
  ? null
  : await timeEveryFormat(
      (i) => fusionInput(i, 'carré', 1),
      { product: productFile, context: contextFile },
      5,
    );

type Timed = { variant: { p50_ms: number }; request_4_variants: { p50_ms: number } };
const story = fusion.story as Timed | undefined;
const pass = (value: number, limit: number) => ({ value, limit, pass: value <= limit });
// The worst Express format must meet the per-image target.
const targets = {
  ...(story && {
    fusion_story_variant_p50_ms: pass(story.variant.p50_ms, TARGETS.fusion_story_variant_p50_ms),
    fusion_story_request_4_variants_ms: pass(
      story.request_4_variants.p50_ms,
      TARGETS.fusion_story_request_4_variants_ms,
    ),
  }),
  ...(expressWorstP50 > 0 && {
    express_variant_p50_ms: pass(expressWorstP50, TARGETS.express_variant_p50_ms),
  }),
  ...(everyFormat && { fusion_every_format_one_variant_ms: everyFormat.target }),
};
console.log(
  JSON.stringify(
    {
      bench: 'engine',
      inputs: {
        product: {
          file_kb: round(productFile.length / 1024, 0),
          ...product.source,
          cutout: product.cutout.method,
          detail: {
            from: `${reducedCutout.image.width}x${reducedCutout.image.height}`,
            to: `${product.cutout.image.width}x${product.cutout.image.height}`,
            p50_ms: round(detailMs, 0),
          },
        },
        context: { file_kb: round(contextFile.length / 1024, 0), ...context.source },
      },
      fusion,
      fusion_story_by_style_p50_ms: Object.fromEntries(
        Object.entries(fusionByStyle).map(([style, times]) => [style, round(percentile(times, 50), 0)]),
      ),
      express,
      ...(everyFormat && { fusion_every_format_one_variant: everyFormat }),
      peak_rss_mb: round(process.resourceUsage().maxRSS / 1024, 0),
      render_threads: RENDER_THREADS,
      targets,
      machine: machine(),
      // Other work on the machine slows every figure above; CPU times are less sensitive to it.
      load_average: { start: loadAtStart, end: os.loadavg().map((v) => round(v, 1)) },
    },
    null,
    2,
  ),
);
await closeRenderThreads();
