/**
 * Working out a cut-out: the engine run on the upload's photo, one computation per user at a time,
 * counted against the user's hourly budget by the work it asks for. Engine failures become translated
 * errors. Strokes start from the mask kept for the same box (decision 051).
 */
import {
  sameBox,
  type CutoutCorrections,
  type CutoutMethodName,
  type CutoutView,
  type FramedReason,
} from '@vitrine/shared/api/cutout';
import { strokeReach } from '@vitrine/shared/cutout/brush';
import { randomUUID } from 'node:crypto';
import type { SaliencyModelConfig } from '@vitrine/engine/cutout/model';
import { CUTOUT_TIME_LIMIT_MS } from '@vitrine/engine/cutout/limits';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { cutoutDuration, timed } from '../metrics/metrics';
import { hit } from '../rate-limit/limiter';
import { readAll, type Storage } from '../storage/storage';
import { claimCutout, releaseCutout, type CutoutRow } from './repository';

export type CutoutDeps = {
  database: Database;
  storage: Storage;
  model?: SaliencyModelConfig | undefined;
  rateLimitMultiplier?: number;
};

/**
 * Work a user may ask for per hour, in units of one automatic cut-out (about half a second of a
 * core). Strokes count by the area they sweep (`workOf`).
 */
const COMPUTE_LIMIT = { max: 120, windowSeconds: 3600 };
/** Photos' worth of area swept by strokes that cost one more unit (painting goes by the area). */
const SWEPT_PHOTOS_PER_UNIT = 5;

/**
 * The work a computation costs: one unit, and one more per 5 photos' worth of area the strokes
 * sweep (each stroke's box, grown by its reach, within the photo). The heaviest correction the
 * contract takes, 100 strokes across the photo at the largest brush, costs 21.
 */
export function workOf(corrections: CutoutCorrections | null): number {
  let swept = 0;
  for (const stroke of corrections?.strokes ?? []) {
    // The reach as a share of the photo's longest side, which is at most a share of either side.
    const { reach } = strokeReach(stroke.radius, 1, 1);
    const xs = stroke.points.map(([x]) => x);
    const ys = stroke.points.map(([, y]) => y);
    const span = (values: number[]) =>
      Math.min(1, Math.max(...values) + reach) - Math.max(0, Math.min(...values) - reach);
    swept += span(xs) * span(ys);
  }
  return 1 + Math.floor(swept / SWEPT_PHOTOS_PER_UNIT);
}

/** The stored mask the row's strokes were painted on: the mask itself when it has none. */
export function baseKeyOf(row: CutoutRow): string | null {
  return row.corrections?.strokes.length ? row.baseMaskKey : row.maskKey;
}

/**
 * The mask new strokes are painted on, when the stored cut-out has it for the same box: its PNG, or
 * null when nothing was found there. Undefined when the engine must find it again.
 */
async function baseFor(
  storage: Storage,
  row: CutoutRow | undefined,
  corrections: CutoutCorrections | null,
): Promise<Buffer | null | undefined> {
  if (!row || !corrections?.strokes.length || !sameBox(row.corrections?.box, corrections.box))
    return undefined;
  const key = baseKeyOf(row);
  // A cut-out with no mask and no strokes found nothing: the strokes start from an empty mask.
  if (!key) return row.corrections?.strokes.length ? undefined : null;
  try {
    return await readAll(storage, key);
  } catch {
    return undefined;
  }
}

/**
 * How long a claim holds without its holder letting it go: past the longest a cut-out may run (the
 * engine stops it at its lane's limit) and storing it, a claim is taken for one left by a process that
 * died.
 */
const CLAIM_STALE_SECONDS = Math.ceil(Math.max(...Object.values(CUTOUT_TIME_LIMIT_MS)) / 1000) + 40;

/**
 * Runs `work` as the user's one cut-out in flight, whichever process (API) it reaches: a second one
 * meanwhile is answered 429, not queued. The claim lives in the database, so two API processes hold to
 * it as one.
 */
export async function exclusive<T>(database: Database, userId: string, work: () => Promise<T>): Promise<T> {
  const claim = randomUUID();
  if (!(await claimCutout(database, userId, claim, CLAIM_STALE_SECONDS)))
    throw new AppError('CUTOUT_BUSY', { messageKey: 'cutout.busy', retryAfterSeconds: 1 });
  try {
    return await work();
  } finally {
    await releaseCutout(database, userId, claim).catch(() => undefined);
  }
}

export type Computed = {
  choice: CutoutView['choice'];
  corrections: CutoutCorrections | null;
  method: CutoutMethodName;
  framed: boolean;
  reason: FramedReason | null;
  confidence: number;
  coverage: number;
  pieces: number;
  crossesFrame: boolean;
  width: number;
  height: number;
  ms: number;
  maskPng: Buffer | null;
  preview: Buffer | null;
  baseMaskPng: Buffer | null;
};

let engine: Promise<typeof import('@vitrine/engine/cutout/analyse')> | null = null;
const analyser = () => (engine ??= import('@vitrine/engine/cutout/analyse'));

/** Runs the engine on the upload's photo (within `exclusive`); `existing` is the cut-out stored now. */
export async function compute(
  deps: CutoutDeps,
  userId: string,
  photoKey: string,
  request: {
    choice: CutoutView['choice'];
    corrections: CutoutCorrections | null;
    accept: boolean;
    existing?: CutoutRow | undefined;
  },
): Promise<Computed> {
  const limit = { ...COMPUTE_LIMIT, max: COMPUTE_LIMIT.max * (deps.rateLimitMultiplier ?? 1) };
  await hit(deps.database, `cutout:user:${userId}`, limit, undefined, workOf(request.corrections), {
    refundRefused: true,
  });
  let bytes: Buffer;
  try {
    bytes = await readAll(deps.storage, photoKey);
  } catch (error) {
    throw new AppError('NOT_FOUND', { messageKey: 'generations.sourceMissing', cause: error });
  }
  const basePng = await baseFor(deps.storage, request.existing, request.corrections);
  const { analyseProduct } = await analyser();
  let analysis;
  try {
    analysis = await timed(cutoutDuration, { kind: request.corrections ? 'corrected' : 'automatic' }, () =>
      analyseProduct(bytes, {
        corrections: request.corrections,
        accept: request.accept,
        model: deps.model ?? null,
        ...(basePng !== undefined && { basePng }),
      }),
    );
  } catch (error) {
    if (error instanceof Error && error.name === 'EngineError')
      throw new AppError('INVALID_FILE', { messageKey: 'uploads.imageCorrupt', cause: error });
    if (error instanceof Error && error.name === 'CutoutTimeout')
      throw new AppError('SERVICE_UNAVAILABLE', { messageKey: 'cutout.timedOut', cause: error });
    throw new AppError('CUTOUT_FAILED', { messageKey: 'cutout.failed', cause: error });
  }
  const { mask } = analysis;
  // Corrections that leave nothing of the product (a box around a speck, remove strokes over it all)
  // are refused, and the cut-out stays as it was.
  if (request.corrections && (!analysis.maskPng || mask.coverage === 0))
    throw new AppError('CUTOUT_EMPTY', { messageKey: 'cutout.nothingKept' });
  const method: CutoutMethodName = mask.method;
  // Strokes painted on the kept mask keep the confidence the engine had in it.
  const painted = basePng !== undefined && request.existing;
  return {
    choice: request.choice,
    corrections: request.corrections,
    method,
    framed: mask.framed,
    reason: mask.reason,
    confidence: painted ? painted.confidence : mask.confidence,
    coverage: Math.round(mask.coverage * 1000) / 1000,
    pieces: analysis.pieces,
    crossesFrame: analysis.crossesFrame,
    width: analysis.width,
    height: analysis.height,
    ms: analysis.ms,
    maskPng: analysis.maskPng,
    preview: analysis.preview,
    baseMaskPng: analysis.baseMaskPng ?? null,
  };
}
