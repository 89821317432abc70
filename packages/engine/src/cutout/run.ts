/**
 * One product cut-out from decoded pixels: the mask (found now, or the caller's decision) and the
 * cut-out made from it. Runs on the cut-out thread (thread.ts) or, without one, here.
 */
import type { CutoutCorrections, CutoutMethodName, FramedReason } from '@vitrine/shared/api/cutout';
import type { RawImage } from '../image/sharp';
import { cutoutFrom, findMask, type Cutout, type CutoutDecision, type CutoutMask } from './cutout';
import { loadSaliencyModel, type SaliencyModel, type SaliencyModelConfig } from './model';
import { INSTEAD, unlessModelFails } from './model-fallback';

/**
 * Longest side kept from product uploads: enough for the largest product box. Stored cut-out masks
 * are made at this size too.
 */
export const PRODUCT_SIDE = 1400;

export type CutoutJob = {
  /** What the caller already decided (a mask the user checked, or the whole photo); else found now. */
  decision?: CutoutDecision | null;
  corrections?: CutoutCorrections | null;
  /** The mask the strokes are painted on, found earlier for the same box (see CutoutOptions). */
  base?: RawImage | null;
  accept?: boolean;
  model?: SaliencyModelConfig | null;
};

/** A cut-out the user checked, as stored with the upload: its mask PNG, or the whole photo. */
export type StoredCutout =
  | { framed: false; maskPng: Buffer; method: Exclude<CutoutMethodName, 'framed'>; confidence: number }
  | { framed: true; reason: FramedReason; confidence: number };

/** How a request's product is to be cut out: as stored, or found now (with the cut-out model, if any). */
export type ProductCutoutInput = {
  stored?: StoredCutout | null;
  model?: SaliencyModelConfig | null;
};

export type CutoutResult = { cutout: Cutout; mask: CutoutMask | null; ms: number };

/** The cut-out model, or null when it cannot be loaded (the engine's own segmentation is used then). */
async function modelFor(config: SaliencyModelConfig | null | undefined): Promise<SaliencyModel | null> {
  if (!config) return null;
  return unlessModelFails(loadSaliencyModel(config), null, INSTEAD.ownSegmentation);
}

/** Strokes painted on a mask found earlier: no segmentation, hence no model. */
export const paintsOnly = (job: CutoutJob): boolean =>
  job.base !== undefined && Boolean(job.corrections?.strokes.length);

/** Whether the job may run the cut-out model: it finds a mask (nothing decided, no strokes alone) with one. */
export const mayRunModel = (job: CutoutJob): boolean =>
  !job.decision && !paintsOnly(job) && Boolean(job.model);

export async function runCutout(rgba: RawImage, job: CutoutJob): Promise<CutoutResult> {
  const t0 = performance.now();
  if (job.decision) {
    const cutout = cutoutFrom(rgba, job.decision);
    return { cutout, mask: null, ms: Math.round(performance.now() - t0) };
  }
  const model = paintsOnly(job) ? null : await modelFor(job.model);
  const mask = await findMask(rgba, {
    corrections: job.corrections,
    accept: job.accept,
    model,
    ...(job.base !== undefined && { base: job.base }),
  });
  const cutout = cutoutFrom(rgba, mask);
  return { cutout, mask, ms: Math.round(performance.now() - t0) };
}
