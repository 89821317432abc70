/**
 * The product cut-out of an upload, checked and corrected before generating. The first look
 * computes the automatic cut-out; the user may accept it, correct it (box, keep/remove strokes) or
 * choose the whole photo. The result (a grey mask PNG and a preview of the cut-out) is stored with the
 * upload and used by every generation that uses the upload. Bad input is refused before anything is
 * computed, and a failed computation stores nothing.
 */
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type {
  CutoutCorrections,
  CutoutMethodName,
  CutoutUpdate,
  CutoutView,
  FramedReason,
} from '@vitrine/shared/api/cutout';
import { MIN_PRODUCT_SHARE } from '@vitrine/engine/cutout/confidence';
import type { SaliencyModelConfig } from '@vitrine/engine/cutout/model';
import type { StoredCutout } from '@vitrine/engine/cutout/run';
import type { Database, Queryable } from '../../db/client';
import { AppError } from '../../http/app-error';
import { hit } from '../rate-limit/limiter';
import { readAll, removeFiles, type Storage } from '../storage/storage';
import { findOwn } from '../uploads/repository';
import * as cutouts from './repository';
import type { CutoutRow } from './repository';

export type CutoutDeps = {
  database: Database;
  storage: Storage;
  model?: SaliencyModelConfig | undefined;
  rateLimitMultiplier?: number;
};

/**
 * Work a user may ask for per hour, in units of one automatic cut-out (about half a second of a
 * core). Corrections count by their size (`workOf`).
 */
const COMPUTE_LIMIT = { max: 120, windowSeconds: 3600 };
/** Stroke points times brush radius (a fraction of the photo) that cost one more unit of work. */
const STROKE_WORK_UNIT = 100;

/** The work a computation costs: one unit, and more for many long, wide strokes. */
export function workOf(corrections: CutoutCorrections | null): number {
  let size = 0;
  for (const stroke of corrections?.strokes ?? []) size += stroke.points.length * stroke.radius;
  return 1 + Math.floor(size / STROKE_WORK_UNIT);
}

let engine: Promise<typeof import('@vitrine/engine/cutout/analyse')> | null = null;
const analyser = () => (engine ??= import('@vitrine/engine/cutout/analyse'));

export function viewOf(row: CutoutRow): CutoutView {
  const base = `/api/uploads/${row.uploadId}/cutout`;
  return {
    uploadId: row.uploadId,
    choice: row.choice,
    framed: row.framed,
    reason: row.reason,
    method: row.method,
    confidence: row.confidence,
    coverage: row.coverage,
    pieces: row.pieces,
    crossesFrame: row.crossesFrame,
    maskUrl: row.maskKey ? `${base}/mask.png?v=${row.version}` : null,
    baseMaskUrl: baseKeyOf(row) ? `${base}/base.png?v=${row.version}` : null,
    previewUrl: row.previewKey ? `${base}/preview.webp?v=${row.version}` : null,
    width: row.width,
    height: row.height,
    corrections: row.corrections,
    ms: row.ms,
  };
}

async function ownUpload(db: Queryable, userId: string, uploadId: string) {
  const upload = await findOwn(db, userId, uploadId);
  if (!upload) throw new AppError('NOT_FOUND');
  return upload;
}

/** The stored mask the row's strokes were painted on: the mask itself when it has none. */
function baseKeyOf(row: CutoutRow): string | null {
  return row.corrections?.strokes.length ? row.baseMaskKey : row.maskKey;
}

const sameBox = (a: CutoutCorrections['box'] | undefined, b: CutoutCorrections['box'] | undefined) =>
  a && b ? a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height : !a && !b;

/**
 * The mask new strokes are painted on, when the stored cut-out has it for the same box: its PNG, or
 * null when nothing was found there. Undefined when the engine must find it again.
 */
async function baseFor(
  deps: CutoutDeps,
  row: CutoutRow | undefined,
  corrections: CutoutCorrections | null,
): Promise<Buffer | null | undefined> {
  if (!row || !corrections?.strokes.length || !sameBox(row.corrections?.box, corrections.box))
    return undefined;
  const key = baseKeyOf(row);
  // A cut-out with no mask and no strokes found nothing: the strokes start from an empty mask.
  if (!key) return row.corrections?.strokes.length ? undefined : null;
  try {
    return await readAll(deps.storage, key);
  } catch {
    return undefined;
  }
}

/** Users with a cut-out being computed in this process: another one is refused, not queued. */
const busy = new Set<string>();

type Computed = {
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

/**
 * Runs the engine on the upload's photo, one computation per user at a time. Engine failures become
 * translated errors.
 */
async function compute(
  deps: CutoutDeps,
  userId: string,
  photoKey: string,
  request: {
    choice: CutoutView['choice'];
    corrections: CutoutCorrections | null;
    accept: boolean;
    basePng?: Buffer | null | undefined;
  },
): Promise<Computed> {
  if (busy.has(userId))
    throw new AppError('CUTOUT_BUSY', { messageKey: 'cutout.busy', retryAfterSeconds: 1 });
  busy.add(userId);
  try {
    return await computeNow(deps, userId, photoKey, request);
  } finally {
    busy.delete(userId);
  }
}

async function computeNow(
  deps: CutoutDeps,
  userId: string,
  photoKey: string,
  request: Parameters<typeof compute>[3],
): Promise<Computed> {
  const limit = { ...COMPUTE_LIMIT, max: COMPUTE_LIMIT.max * (deps.rateLimitMultiplier ?? 1) };
  await hit(deps.database, `cutout:user:${userId}`, limit, undefined, workOf(request.corrections));
  let bytes: Buffer;
  try {
    bytes = await readAll(deps.storage, photoKey);
  } catch (error) {
    throw new AppError('NOT_FOUND', { messageKey: 'generations.sourceMissing', cause: error });
  }
  const { analyseProduct } = await analyser();
  let analysis;
  try {
    analysis = await analyseProduct(bytes, {
      corrections: request.corrections,
      accept: request.accept,
      model: deps.model ?? null,
      ...(request.basePng !== undefined && { basePng: request.basePng }),
    });
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
  return {
    choice: request.choice,
    corrections: request.corrections,
    method,
    framed: mask.framed,
    reason: mask.reason,
    confidence: mask.confidence,
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

/**
 * Stores a computed cut-out in place of the upload's previous one: new files first, then the row, then
 * the old files go. If the upload disappeared meanwhile, the new files go instead.
 */
async function store(
  deps: CutoutDeps,
  userId: string,
  uploadId: string,
  computed: Computed,
): Promise<CutoutRow> {
  const base = `${userId}/${Date.now()}-${crypto.randomBytes(8).toString('hex')}`;
  const { maskPng, preview, baseMaskPng, ...stored } = computed;
  const files = [
    { key: `${base}.mask.png`, bytes: maskPng },
    { key: `${base}.cutout.webp`, bytes: preview },
    { key: `${base}.base.png`, bytes: baseMaskPng },
  ];
  const [maskKey, previewKey, baseMaskKey] = files.map((file) => (file.bytes ? file.key : null));
  const written: string[] = [];
  try {
    for (const { key, bytes } of files) {
      if (!bytes) continue;
      await deps.storage.put(key, Readable.from([bytes]));
      written.push(key);
    }
    const { row, old } = await deps.database.transaction(async (tx) => {
      await ownUpload(tx, userId, uploadId);
      const previous = await cutouts.lockFiles(tx, uploadId);
      const saved = await cutouts.save(tx, uploadId, {
        ...stored,
        userId,
        maskKey: maskKey ?? null,
        previewKey: previewKey ?? null,
        baseMaskKey: baseMaskKey ?? null,
      });
      return { row: saved, old: previous };
    });
    await removeFiles(deps.storage, [old?.maskKey, old?.previewKey, old?.baseMaskKey]);
    return row;
  } catch (error) {
    await removeFiles(deps.storage, written);
    throw error;
  }
}

/** Automatic cut-outs being computed, by upload: a second look waits for the first. */
const inFlight = new Map<string, Promise<CutoutRow>>();

function once(uploadId: string, work: () => Promise<CutoutRow>): Promise<CutoutRow> {
  let running = inFlight.get(uploadId);
  if (!running) {
    running = work().finally(() => inFlight.delete(uploadId));
    inFlight.set(uploadId, running);
  }
  return running;
}

/** The upload's cut-out, computed automatically on the first look. */
export async function getCutout(deps: CutoutDeps, userId: string, uploadId: string): Promise<CutoutView> {
  const upload = await ownUpload(deps.database, userId, uploadId);
  const existing = await cutouts.find(deps.database, uploadId);
  if (existing) return viewOf(existing);
  const row = await once(uploadId, async () => {
    const again = await cutouts.find(deps.database, uploadId);
    if (again) return again;
    const computed = await compute(deps, userId, upload.storageKey, {
      choice: 'auto',
      corrections: null,
      accept: false,
    });
    return store(deps, userId, uploadId, computed);
  });
  return viewOf(row);
}

/** The user's choice: the automatic result, the cut-out (accepted as it is, or corrected), or the whole photo. */
export async function updateCutout(
  deps: CutoutDeps,
  userId: string,
  uploadId: string,
  update: CutoutUpdate,
): Promise<CutoutView> {
  const upload = await ownUpload(deps.database, userId, uploadId);
  const existing = await cutouts.find(deps.database, uploadId);
  const corrections =
    update.choice === 'cutout' &&
    update.corrections &&
    (update.corrections.box || update.corrections.strokes.length)
      ? update.corrections
      : null;

  // Nothing (or a speck) was found: there is no cut-out to accept. The user is asked for a box, or the
  // whole photo, instead.
  if (!corrections && update.choice === 'cutout' && existing && existing.coverage < MIN_PRODUCT_SHARE)
    throw new AppError('CUTOUT_EMPTY', { messageKey: 'cutout.nothingFound' });
  // Accepting the cut-out, or asking for the whole photo, keeps the mask already found (and its
  // corrections): only how generations use it changes.
  if (
    existing &&
    !corrections &&
    update.choice !== 'auto' &&
    (existing.maskKey || update.choice === 'whole')
  ) {
    const framed = update.choice === 'whole';
    const row = await cutouts.setChoice(deps.database, uploadId, {
      choice: update.choice,
      framed,
      reason: framed ? 'whole-photo' : null,
    });
    if (row) return viewOf(row);
  }
  if (existing && update.choice === 'auto' && existing.choice === 'auto' && !existing.corrections)
    return viewOf(existing);
  const computed = await compute(deps, userId, upload.storageKey, {
    choice: update.choice,
    corrections,
    accept: update.choice === 'cutout',
    basePng: await baseFor(deps, existing, corrections),
  });
  if (update.choice === 'whole') Object.assign(computed, { framed: true, reason: 'whole-photo' });
  return viewOf(await store(deps, userId, uploadId, computed));
}

/** The stored file of an upload's cut-out, for its owner. */
export async function cutoutFile(
  deps: CutoutDeps,
  userId: string,
  uploadId: string,
  file: 'mask' | 'preview' | 'base',
): Promise<string> {
  await ownUpload(deps.database, userId, uploadId);
  const row = await cutouts.find(deps.database, uploadId);
  const key = row && { mask: row.maskKey, preview: row.previewKey, base: baseKeyOf(row) }[file];
  if (!key) throw new AppError('NOT_FOUND');
  return key;
}

/**
 * What a generation uses for its product: the cut-out the user checked, or null (the engine then
 * finds it itself, as it would have on the first look).
 */
export async function storedCutoutFor(
  db: Queryable,
  storage: Storage,
  userId: string,
  productKey: string,
): Promise<StoredCutout | null> {
  const row = await cutouts.findForProduct(db, userId, productKey);
  if (!row) return null;
  if (row.framed) return { framed: true, reason: row.reason ?? 'low-confidence', confidence: row.confidence };
  if (!row.maskKey || row.method === 'framed') return null;
  try {
    const maskPng = await readAll(storage, row.maskKey);
    return { framed: false, maskPng, method: row.method, confidence: row.confidence };
  } catch {
    return null;
  }
}
