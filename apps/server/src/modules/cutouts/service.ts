/**
 * The product cut-out of an upload, checked and corrected before generating. The first look
 * computes the automatic cut-out; the user may accept it, correct it (box, keep/remove strokes) or
 * choose the whole photo. The result (a grey mask PNG and a preview of the cut-out) is stored with the
 * upload and used by every generation that uses the upload. Bad input is refused before anything is
 * computed, and a failed computation stores nothing.
 */
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { CutoutUpdate, CutoutView } from '@vitrine/shared/api/cutout';
import { MIN_PRODUCT_SHARE } from '@vitrine/engine/cutout/confidence';
import type { StoredCutout } from '@vitrine/engine/cutout/run';
import type { Queryable } from '../../db/client';
import { AppError } from '../../http/app-error';
import { readAll, removeFiles, type Storage } from '../storage/storage';
import { findOwn } from '../uploads/repository';
import { baseKeyOf, compute, exclusive, type Computed, type CutoutDeps } from './compute';
import * as cutouts from './repository';
import type { CutoutRow } from './repository';

export type { CutoutDeps } from './compute';

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
    return exclusive(deps.database, userId, async () => {
      const computed = await compute(deps, userId, upload.storageKey, {
        choice: 'auto',
        corrections: null,
        accept: false,
      });
      return store(deps, userId, uploadId, computed);
    });
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
  // Corrections sent and all undone: the automatic cut-out, accepted (found again, not kept as it was).
  const cleared = update.choice === 'cutout' && update.corrections !== undefined && !corrections;
  // Accepting the cut-out, or asking for the whole photo, keeps the mask already found (and its
  // corrections): only how generations use it changes.
  if (
    existing &&
    !corrections &&
    !(cleared && existing.corrections) &&
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
  const row = await exclusive(deps.database, userId, async () => {
    const computed = await compute(deps, userId, upload.storageKey, {
      choice: update.choice,
      corrections,
      accept: update.choice === 'cutout',
      existing,
    });
    if (update.choice === 'whole') Object.assign(computed, { framed: true, reason: 'whole-photo' });
    return store(deps, userId, uploadId, computed);
  });
  return viewOf(row);
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
