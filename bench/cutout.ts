/**
 * Cut-out benchmark: agreement of the automatic cut-out with reference masks, the same after one box
 * drawn by a user (the reference's bounding box with a 2 % margin, as a hand would draw it), how many
 * photos are cut out rather than framed, and the time taken, as the server runs it (decode on the
 * calling thread, segmentation and edge on the cut-out thread). Prints JSON.
 *   BENCH_CUTOUT_SETS  extra folders of NAME.(jpg|png) + NAME.mask.png, colon-separated (default: the
 *                      development set in packages/engine/test-data/cutout-dev only)
 *   BENCH_CUTOUT_RUNS  timed runs of the 12-megapixel photo and of the Fusion request (default 9)
 *   BENCH_CUTOUT_QUALITY_ONLY=1  the quality rows only, none of the timed ones
 *   CUTOUT_MODEL       (and CUTOUT_MODEL_INPUT_SIZE, _MEAN, _STD) as the server reads them (the
 *                      environment, then .env): unset, the model npm install put in place; a path,
 *                      another model; `none`, the engine's own segmentation
 * Strokes (decision 051): on each photo, up to three keep or remove strokes simulated on the largest
 * errors left against its reference mask (bench/cutout-lib/strokes.ts), with the IoU after each; the
 * server's refine of one stroke (decode, paint lane, files) on the mask it keeps; the heaviest
 * correction the contract takes; another user's automatic cut-out alone and beside it; and the
 * editor's preview at each pointer move in Chromium with a 4× slower CPU (bench/cutout-lib/preview.ts).
 * The human-drawn set ../shared/cutout-dev-human is included when it is there.
 * The 12-megapixel photo is the development set's bike photo enlarged to 4243x2828 and saved as a
 * camera would (JPEG quality 92): decoding costs what a phone's photo costs. The Fusion request is a
 * story in four variants with a real product photographed on a table (samples/photos), cut out anew
 * each time, after the engine's warm-up as the server runs it once ready (local/warm-up.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fusionRequest } from '@vitrine/shared/api/generation';
import { decodeRgba } from '../packages/engine/src/image/decode';
import { fromEngineFile, fromRaw, guard, toRaw } from '../packages/engine/src/image/sharp';
import { closeCutoutThread, cutOutProduct } from '../packages/engine/src/cutout/thread';
import { analyseProduct } from '../packages/engine/src/cutout/analyse';
import type { RawImage } from '../packages/engine/src/image/sharp';
import type { BrushStroke } from '../packages/shared/src/cutout/brush';
import { simulateStrokes } from './cutout-lib/strokes';
import { auroc, boundaryF, edgeAlpha, iouOf, strayShare } from './cutout-lib/measures';
import { previewTimings } from './cutout-lib/preview';
import { saliencyModelOfServer } from '../packages/engine/src/cli/server-model';
import { PRODUCT_SIDE } from '../packages/engine/src/cutout/run';
import { renderFusion } from '../packages/engine/src/local/requests';
import { closeRenderThreads } from '../packages/engine/src/local/threads';
import { warmUpEngine } from '../packages/engine/src/local/warm-up';
import { sceneJpeg } from '../packages/engine/src/samples/synthetic';
import { machine, percentile, round } from './lib';

const root = path.resolve(import.meta.dirname, '..');
const DEV_SET = path.join(root, 'packages/engine/test-data/cutout-dev');
const PHOTOS = path.join(root, 'packages/engine/src/samples/photos');
const HUMAN_SET = path.resolve(root, '../shared/cutout-dev-human');
const SETS = [
  DEV_SET,
  ...(fs.existsSync(HUMAN_SET) ? [HUMAN_SET] : []),
  ...(process.env.BENCH_CUTOUT_SETS?.split(':').filter(Boolean) ?? []),
];
const RUNS = Number(process.env.BENCH_CUTOUT_RUNS ?? 9);
/** Only the quality rows (no timed runs): for comparing changes to the cut-out quickly. */
const QUALITY_ONLY = process.env.BENCH_CUTOUT_QUALITY_ONLY === '1';
const MODEL = saliencyModelOfServer();
/** A user's box: the product's bounding box and this share of the photo around it. */
const BOX_MARGIN = 0.02;

const TARGETS = {
  mean_iou_auto: 0.8,
  mean_iou_after_3_strokes: 0.97,
  mean_boundary_f: 0.8,
  stray_share_max: 0.002,
  confidence_auroc_bad: 0.85,
  stroke_changed_beyond_reach: 0,
  stroke_preview_per_move_ms: 100,
  stroke_refine_p50_ms: 1000,
  other_user_auto_delay_ms: 1000,
  cut_out_share: 0.9,
  mean_iou_one_box: 0.9,
  cutout_12mp_p50_ms: 600,
  fusion_story_request_ms: 1500,
};

type Mask = { data: Buffer; width: number; height: number };

async function greyAt(file: Buffer | string, width: number, height: number): Promise<Buffer> {
  const source = typeof file === 'string' ? fromEngineFile(fs.readFileSync(file)) : fromEngineFile(file);
  const { data } = await toRaw(source.extractChannel(0).resize(width, height, { fit: 'fill' }));
  return data;
}

function boxAround(reference: Mask) {
  let x0 = reference.width;
  let y0 = reference.height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < reference.height; y++)
    for (let x = 0; x < reference.width; x++) {
      if (reference.data[y * reference.width + x]! < 128) continue;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  const x = Math.max(0, x0 / reference.width - BOX_MARGIN);
  const y = Math.max(0, y0 / reference.height - BOX_MARGIN);
  return {
    x,
    y,
    width: Math.min(1 - x, (x1 + 1) / reference.width + BOX_MARGIN - x),
    height: Math.min(1 - y, (y1 + 1) / reference.height + BOX_MARGIN - y),
  };
}

/** Decode as the server does, then cut out on the cut-out thread; the mask at the photo's size. */
async function cutout(bytes: Buffer, box?: ReturnType<typeof boxAround>) {
  const t0 = performance.now();
  const photo = await decodeRgba(bytes, PRODUCT_SIDE);
  const { mask, cutout: result } = await cutOutProduct(photo, {
    corrections: box ? { box, strokes: [] } : null,
    model: MODEL,
  });
  const ms = performance.now() - t0;
  const work = mask?.alpha ? Uint8Array.from(mask.alpha.data) : new Uint8Array(photo.width * photo.height);
  const { width, height } = photo.source;
  const alpha = mask?.alpha
    ? (
        await toRaw(
          fromRaw(mask.alpha).resize(width, height, { fit: 'fill', kernel: 'linear' }).extractChannel(0),
        )
      ).data
    : Buffer.alloc(width * height);
  return {
    ms,
    alpha,
    method: result.method,
    found: mask?.method ?? null,
    confidence: mask?.confidence ?? 0,
    photo,
    work,
  };
}

/** The server's refine of one stroke on the mask it keeps: decode, paint lane, mask, base and preview files. */
async function refineMs(bytes: Buffer, base: Uint8Array, photo: RawImage, stroke: BrushStroke) {
  const basePng = await guard(
    fromRaw({ data: Buffer.from(base), width: photo.width, height: photo.height, channels: 1 })
      .png()
      .toBuffer(),
  );
  const t0 = performance.now();
  await analyseProduct(bytes, {
    corrections: {
      strokes: [{ ...stroke, points: stroke.points.map(([x, y]) => [x, y] as [number, number]) }],
    },
    basePng,
  });
  return Math.round(performance.now() - t0);
}

/**
 * The heaviest correction the contract takes (100 strokes of 100 points, the largest brush, each point
 * far from the last) on the 1400-px bike, another user's automatic cut-out alone and while it runs,
 * and the editor's preview of a stroke in a slowed-down Chromium.
 */
async function strokeTimings() {
  const bytes = fs.readFileSync(path.join(DEV_SET, 'bike.jpg'));
  const other = fs.readFileSync(path.join(DEV_SET, 'boat.jpg'));
  const auto = await cutout(bytes);
  const basePng = await guard(
    fromRaw({ data: Buffer.from(auto.work), width: auto.photo.width, height: auto.photo.height, channels: 1 })
      .png()
      .toBuffer(),
  );
  let seed = 7;
  const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const heavy = Array.from({ length: 100 }, (_, i) => ({
    kind: i % 2 ? ('keep' as const) : ('remove' as const),
    radius: 0.2,
    points: Array.from({ length: 100 }, () => [next(), next()] as [number, number]),
  }));
  const heaviest: number[] = [];
  const alone: number[] = [];
  const beside: number[] = [];
  for (let i = 0; i < Math.min(RUNS, 5); i++) {
    alone.push((await cutout(other)).ms);
    const t0 = performance.now();
    const correcting = analyseProduct(bytes, { corrections: { strokes: heavy }, basePng }).then(() =>
      heaviest.push(performance.now() - t0),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    beside.push((await cutout(other)).ms);
    await correcting;
  }
  // The preview: a stroke across the product, drawn in 40 moves, at the editor's 960 px.
  const scale = 960 / Math.max(auto.photo.width, auto.photo.height);
  const width = Math.round(auto.photo.width * scale);
  const height = Math.round(auto.photo.height * scale);
  const photo = await toRaw(fromRaw(auto.photo).resize(width, height, { fit: 'fill' }).ensureAlpha());
  const mask = await toRaw(
    fromRaw({ data: Buffer.from(auto.work), width: auto.photo.width, height: auto.photo.height, channels: 1 })
      .resize(width, height, { fit: 'fill' })
      .extractChannel(0),
  );
  const stroke: BrushStroke = {
    kind: 'remove',
    radius: 0.03,
    points: Array.from({ length: 40 }, (_, i) => [0.2 + (0.6 * i) / 39, 0.55 + 0.1 * Math.sin(i / 6)]),
  };
  const preview = await previewTimings(photo.data, mask.data, width, height, stroke);
  return {
    stroke_heaviest_correction_p50_ms: Math.round(percentile(heaviest, 50)),
    other_user_auto_alone_p50_ms: Math.round(percentile(alone, 50)),
    other_user_auto_beside_heaviest_p50_ms: Math.round(percentile(beside, 50)),
    stroke_preview_phone_class: { cpu_slowdown: 4, canvas: `${width}x${height}`, ...preview },
  };
}

const photos = SETS.flatMap((dir) =>
  fs
    .readdirSync(dir)
    .filter((f) => /\.(jpe?g|png|webp)$/i.test(f) && !f.includes('.mask.'))
    .map((f) => ({
      set: path.basename(dir),
      name: f,
      file: path.join(dir, f),
      mask: path.join(dir, f.replace(/\.[^.]+$/, '.mask.png')),
    }))
    .filter((p) => fs.existsSync(p.mask)),
);

// The first cut-out loads OpenCV on the thread: not a cost any later request pays.
await cutout(fs.readFileSync(photos[0]!.file));

type PhotoResult = {
  set: string;
  photo: string;
  iou: number;
  method: string;
  found: string | null;
  confidence: number;
  ms: number;
  iou_one_box: number;
  ms_one_box: number;
  /** Boundary F-measure (tolerance 0.5 % of the diagonal), automatic and with one box. */
  boundary_f: number;
  boundary_f_one_box: number;
  /** Share of the photo in pieces of the mask that touch no part of the subject. */
  stray_share: number;
  /** Mean alpha difference to the reference near its outline, and the soft band's width (pixels). */
  edge_error: number;
  edge_soft_px: number;
  /** IoU at the working size, automatic then after each simulated stroke. */
  iou_strokes: number[];
  stroke_refine_ms: number | null;
  changed_beyond_reach: number;
};
const results: PhotoResult[] = [];
for (const photo of photos) {
  const bytes = fs.readFileSync(photo.file);
  const meta = await guard(fromEngineFile(bytes).metadata());
  const width = meta.autoOrient?.width ?? meta.width!;
  const height = meta.autoOrient?.height ?? meta.height!;
  const reference = { data: await greyAt(photo.mask, width, height), width, height };
  const auto = await cutout(bytes);
  const boxed = await cutout(bytes, boxAround(reference));
  const work = auto.photo;
  const workReference = await greyAt(photo.mask, work.width, work.height);
  const simulated = simulateStrokes(work, auto.work, workReference);
  const edge = edgeAlpha(auto.alpha, reference.data, width, height);
  const refine = simulated.strokes.length
    ? await refineMs(bytes, auto.work, work, simulated.strokes[0]!)
    : null;
  results.push({
    set: photo.set,
    photo: photo.name,
    iou: round(iouOf(auto.alpha, reference.data), 3),
    method: auto.method,
    found: auto.found,
    confidence: auto.confidence,
    ms: Math.round(auto.ms),
    iou_one_box: round(iouOf(boxed.alpha, reference.data), 3),
    ms_one_box: Math.round(boxed.ms),
    boundary_f: round(boundaryF(auto.alpha, reference.data, width, height), 3),
    boundary_f_one_box: round(boundaryF(boxed.alpha, reference.data, width, height), 3),
    stray_share: round(strayShare(auto.alpha, reference.data, width, height), 5),
    edge_error: round(edge.error, 4),
    edge_soft_px: round(edge.softWidth, 2),
    iou_strokes: simulated.iou.map((v) => round(v, 3)),
    stroke_refine_ms: refine,
    changed_beyond_reach: simulated.changedBeyondReach,
  });
}

const mean = (values: number[]) => round(values.reduce((a, b) => a + b, 0) / values.length, 3);
/** Edge, stray pieces and confidence rows of a group of photos. */
const qualityOf = (rows: PhotoResult[]) => {
  const confidence = auroc(rows.map((r) => ({ score: 1 - r.confidence, bad: r.iou < 0.7 })));
  return {
    mean_boundary_f: mean(rows.map((r) => r.boundary_f)),
    mean_boundary_f_one_box: mean(rows.map((r) => r.boundary_f_one_box)),
    stray_share_mean: round(rows.reduce((a, r) => a + r.stray_share, 0) / rows.length, 5),
    stray_share_max: Math.max(...rows.map((r) => r.stray_share)),
    mean_edge_error: round(rows.reduce((a, r) => a + r.edge_error, 0) / rows.length, 4),
    mean_edge_soft_px: mean(rows.map((r) => r.edge_soft_px)),
    bad_cutouts: rows.filter((r) => r.iou < 0.7).length,
    confidence_auroc_bad: confidence === null ? null : round(confidence, 3),
  };
};
const bySet = Object.fromEntries(
  [...new Set(results.map((r) => r.set))].map((set) => {
    const rows = results.filter((r) => r.set === set);
    return [
      set,
      {
        photos: rows.length,
        mean_iou_auto: mean(rows.map((r) => r.iou)),
        cut_out_share: round(rows.filter((r) => r.method !== 'framed').length / rows.length, 3),
        mean_iou_one_box: mean(rows.map((r) => r.iou_one_box)),
        mean_iou_after_strokes: [0, 1, 2, 3].map((k) => mean(rows.map((r) => r.iou_strokes[k]!))),
        ...qualityOf(rows),
      },
    ];
  }),
);

// Time on a 12-megapixel photo, the size a phone takes.
const big = await guard(
  fromEngineFile(fs.readFileSync(path.join(DEV_SET, 'bike.jpg')))
    .resize(4243, 2828)
    .jpeg({ quality: 92 })
    .toBuffer(),
);
const bigTimes: number[] = [];
for (let i = 0; i < (QUALITY_ONLY ? 0 : RUNS); i++) bigTimes.push((await cutout(big)).ms);

// A whole Fusion story request with a product photographed on a table, cut out each time.
const product = fs.readFileSync(path.join(PHOTOS, 'coffee-cup.png'));
const context = await sceneJpeg(3000, 2000, 'cafe');
const request = fusionRequest.parse({
  position: 'centré',
  style: 'photo réaliste',
  palette: 'chaude',
  slogan: 'Espresso du matin',
  tagline: 'Torréfié sur place',
  typography: 'élégant',
  format: 'story',
});
// The server warms the engine up once it is ready: its first user does not pay for the threads' start.
if (!QUALITY_ONLY) await warmUpEngine({ render: true, model: MODEL });
const requestTimes: number[] = [];
let cutoutMethod = '';
for (let i = 0; i < (QUALITY_ONLY ? 0 : RUNS); i++) {
  const t0 = performance.now();
  const rendered = await renderFusion({
    request,
    product,
    context,
    formats: ['jpeg'],
    cutout: { model: MODEL },
  });
  requestTimes.push(performance.now() - t0);
  cutoutMethod = rendered[0]!.metadata.cutout.method;
}

const strokes = QUALITY_ONLY ? {} : await strokeTimings();

// A model that fails to load leaves every photo to the engine's own segmentation: say so rather than
// report it as the model's.
if (MODEL && !results.some((r) => r.found === 'model'))
  throw new Error(`The cut-out model ${MODEL.path} was never used: it could not be loaded or run`);

const summary = {
  photos: results.length,
  mean_iou_auto: mean(results.map((r) => r.iou)),
  cut_out_share: round(results.filter((r) => r.method !== 'framed').length / results.length, 3),
  mean_iou_one_box: mean(results.map((r) => r.iou_one_box)),
  auto_p50_ms: Math.round(
    percentile(
      results.map((r) => r.ms),
      50,
    ),
  ),
  auto_p95_ms: Math.round(
    percentile(
      results.map((r) => r.ms),
      95,
    ),
  ),
  one_box_p50_ms: Math.round(
    percentile(
      results.map((r) => r.ms_one_box),
      50,
    ),
  ),
  cutout_12mp_p50_ms: Math.round(percentile(bigTimes, 50)),
  cutout_12mp_p95_ms: Math.round(percentile(bigTimes, 95)),
  fusion_story_request_p50_ms: Math.round(percentile(requestTimes, 50)),
  fusion_story_request_p95_ms: Math.round(percentile(requestTimes, 95)),
  fusion_story_cutout_method: cutoutMethod,
  mean_iou_after_strokes: [0, 1, 2, 3].map((k) => mean(results.map((r) => r.iou_strokes[k]!))),
  ...qualityOf(results),
  stroke_changed_beyond_reach: results.reduce((sum, r) => sum + r.changed_beyond_reach, 0),
  stroke_refine_p50_ms: Math.round(
    percentile(
      results.flatMap((r) => (r.stroke_refine_ms === null ? [] : [r.stroke_refine_ms])),
      50,
    ),
  ),
  ...strokes,
};

console.log(
  JSON.stringify(
    {
      benchmark: 'cutout',
      machine: machine(),
      runs: RUNS,
      model: MODEL && {
        file: path.basename(MODEL.path),
        input_size: MODEL.inputSize,
        mean: MODEL.mean,
        std: MODEL.std,
      },
      targets: TARGETS,
      summary,
      sets: bySet,
      photos: results,
    },
    null,
    2,
  ),
);
await closeCutoutThread();
await closeRenderThreads();
