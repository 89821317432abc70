/**
 * Generations (spec sections 3, 4 and 7): start, cancel-all, the live list, results, history and stats.
 * Starting writes the background_generations row, reserves the credit and enqueues the render job in
 * one transaction; the database enforces one active generation per user (a partial unique index).
 * The records and their state machine are in repository.ts.
 */
import { randomUUID } from 'node:crypto';
import {
  HISTORY_LIMIT,
  INITIAL_PROGRESS,
  STATS_WINDOW_DAYS,
  type GenerationStats,
} from '@vitrine/shared/api/generations';
import type { ExpressRequest, FusionRequest } from '@vitrine/shared/api/generation';
import type { Lang } from '@vitrine/shared/locale';
import type { ImageProviderConfig } from '@vitrine/engine/providers/config';
import type { TextProviderConfig } from '@vitrine/engine/copy/config';
import type { Database, Queryable } from '../../db/client';
import { AppError } from '../../http/app-error';
import { readAllowance } from '../billing/repository';
import { lockAllowance, usageOf } from './credits';
import type { ImageLinks } from './image-links';
import { expressPayload } from './payload';
import { fusionSources, type FusionSources } from './fusion-sources';
import type { ExpressRenderRequest, FusionRenderRequest } from './render-request';
import * as records from './repository';
import { findImageKey } from './results/repository';
import { iso, toActive, toResult } from './views';
import { removeWorkflowFiles } from './workflow';
import { touchUploads } from '../uploads/repository';
import { brandSnapshot } from '../brand/service';
import { recordGenerationsEnded } from '../metrics/metrics';
import type { Storage } from '../storage/storage';

export const RENDER_JOB = 'render-generation';
/**
 * The progress a render sets, while still processing, just before it stores its images: from then on the
 * generation is finishing, and a cancel-all leaves it to complete (its credit is spent).
 */
export const FINISHING_PROGRESS = 95;

/**
 * How long a render job may run before the queue takes it for cut off (a worker killed mid-render):
 * RENDER_JOB_EXPIRE_SECONDS (`seconds`), to which a model provider adds its own time limit, which it
 * may spend on the scenes (openai) or on waiting for the workflow's callback (webhook) first, and a
 * hosted text model its own (an Express headline is written inside the job).
 *
 * What bounds it from below is the longest a healthy render takes, counted from the moment a worker
 * took the job. pg-boss expires a job at `started_on + expire_in` and has no way to extend a running
 * one: the render's heartbeat (handlers/render-generation.ts) touches the generation's record for the
 * sweeper, not the job. A render still running at its expiry is let go by its own worker's pg-boss,
 * which stops waiting for it and puts the job back on the queue: rendered twice, the first to finish
 * completes the generation and the other, finding it no longer processing, stops and removes its images.
 * Nothing is wrong in the end, but the one retry and a render's work are spent, hence the setting's
 * floor of 30 s, well above a render on a busy machine (a few seconds).
 */
export function renderJobExpireSeconds(
  seconds: number,
  provider: ImageProviderConfig,
  text: TextProviderConfig = { kind: 'local' },
): number {
  const images = provider.kind === 'local' ? 0 : Math.ceil(provider.timeoutMs / 1000);
  // An Express render also waits for a hosted text model's headline (up to TEXT_TIMEOUT_MS) inside the job.
  const words = text.kind === 'local' ? 0 : Math.ceil(text.timeoutMs / 1000);
  return seconds + images + words;
}

/** Puts a job on the queue inside the caller's transaction. */
export type JobSender = {
  ready(): Promise<void>;
  send(
    tx: Queryable,
    name: string,
    data: object,
    options: { expireInSeconds: number; retryLimit: number },
  ): Promise<string | null>;
  /** Takes jobs off the queue inside the caller's transaction. */
  cancel(tx: Queryable, name: string, ids: string[]): Promise<void>;
};

export type GenerationDeps = {
  database: Database;
  jobs: JobSender;
  links: ImageLinks;
  /** Where images a workflow sent for a generation wait for its render (removed when it is cancelled). */
  storage: Storage;
  /** How long the render job may run before the queue retries it (renderJobExpireSeconds). */
  renderExpireSeconds: number;
};

export type StartInput =
  ({ mode: 'fusion'; request: FusionRequest } & FusionSources) | { mode: 'express'; request: ExpressRequest };

export async function startGeneration(deps: GenerationDeps, userId: string, locale: Lang, input: StartInput) {
  const { database, jobs } = deps;
  const id = randomUUID();
  const ids = { backgroundGenerationId: id, userId };
  let webhookData: object;
  let request: FusionRenderRequest | ExpressRenderRequest;
  let usedUploads: string[] = [];
  if (input.mode === 'fusion') {
    const sources = await fusionSources(database, userId, input.request, input, ids);
    ({ webhookData, render: request, uploadIds: usedUploads } = sources);
  } else {
    webhookData = expressPayload(input.request, ids);
    request = { request: input.request };
  }
  // The kit as it is now goes with the request: changing it later leaves this generation be.
  const brand = await brandSnapshot(database, userId, input.request.brand);
  if (brand) request = { ...request, brand };
  if (brand?.logo) usedUploads = [...usedUploads, brand.logo.uploadId];

  await jobs.ready();
  const row = await database.transaction(async (tx) => {
    const allowance = await lockAllowance(tx, userId);
    const inserted = await records.insertProcessing(tx, {
      id,
      userId,
      progress: INITIAL_PROGRESS,
      webhookData,
      mode: input.mode,
      request,
      locale,
    });
    const reservation = await allowance.reserve();
    if (!reservation.ok) throw new AppError('INSUFFICIENT_CREDITS');
    const jobId = await jobs.send(
      tx,
      RENDER_JOB,
      { generationId: id },
      { expireInSeconds: deps.renderExpireSeconds, retryLimit: 1 },
    );
    await records.attachJob(tx, id, { creditReserved: reservation.reserved, jobId });
    // Used again: the photos' (and the logo's) year of keeping starts over.
    if (usedUploads.length) await touchUploads(tx, userId, usedUploads);
    return inserted;
  });
  const typical = await records.typicalSeconds(database);
  return { generation: toActive(row, typical), usage: await usageOf(database, userId) };
}

/**
 * Spec section 4: every pending or processing generation of the user fails with the test message. The
 * images a workflow already sent for them are removed: no render will read them now (a render still
 * running stops at its next step, and a worker that stopped would never come back for them). Their
 * jobs leave the queue in the same transaction, so a cancelled generation never waits in line.
 *
 * A generation that is finishing (its images rendered and being stored, FINISHING_PROGRESS) is left
 * to complete: the row lock and the status test make "completed" and "cancelled" exclusive, so a cancel
 * can never both leave the images and give the credit back.
 */
export async function cancelAll(deps: GenerationDeps, userId: string) {
  await deps.jobs.ready();
  const cancelled = await deps.database.transaction(async (tx) => {
    const rows = await records.failActiveForUser(tx, userId, {
      finishingProgress: FINISHING_PROGRESS,
      reason: 'generations.cancelledForTest',
    });
    await deps.jobs.cancel(
      tx,
      RENDER_JOB,
      rows.flatMap((r) => (r.jobId ? [r.jobId] : [])),
    );
    return rows;
  });
  recordGenerationsEnded(cancelled, 'cancelled');
  await Promise.all(cancelled.map((row) => removeWorkflowFiles(deps.storage, row.workflowResult)));
  return { cancelled: cancelled.length, usage: await usageOf(deps.database, userId) };
}

export async function activeGenerations(database: Database, userId: string) {
  const [rows, typical] = await Promise.all([
    records.listActive(database, userId),
    records.typicalSeconds(database),
  ]);
  return { items: rows.map((row) => toActive(row, typical)), typicalSeconds: typical };
}

export async function generationDetail(deps: GenerationDeps, userId: string, id: string) {
  const found = await records.findDetail(deps.database, userId, id);
  if (!found) throw new AppError('NOT_FOUND');
  return {
    generation: toActive(found.generation, await records.typicalSeconds(deps.database)),
    result: found.result ? toResult(found.result, deps.links) : null,
  };
}

export async function history(deps: GenerationDeps, userId: string) {
  const rows = await records.listResults(deps.database, userId, HISTORY_LIMIT);
  const now = new Date();
  return { items: rows.map((row) => toResult(row, deps.links, now)) };
}

export async function stats(database: Database, userId: string): Promise<GenerationStats> {
  const usage = await usageOf(database, userId);
  const row = await records.stats(database, userId, {
    windowDays: STATS_WINDOW_DAYS,
    cycleStart: usage.cycleStart,
  });
  const info = await readAllowance(database, userId);
  return {
    total_generations: row?.totalGenerations ?? 0,
    total_images: row?.totalImages ?? 0,
    generations_last_30_days: row?.generationsInWindow ?? 0,
    images_last_30_days: row?.imagesInWindow ?? 0,
    last_generation_date: row?.lastGeneratedAt ? iso(row.lastGeneratedAt) : null,
    free_generations_used: info?.freeGenerationsUsed ?? 0,
    has_subscription: info?.hasSubscription ?? false,
    // Spec section 7: without a billing cycle, the last-30-days count stands in.
    billing_cycle_generations: row?.cycleGenerations ?? row?.generationsInWindow ?? 0,
    // Spec section 9: the success rate shown is 100 % (also when there is nothing yet).
    success_rate: 100,
  };
}

/** The storage key of one image of a result, for its owner (or anyone, when `userId` is null). */
export function resultImageKey(
  database: Database,
  resultId: string,
  index: number,
  userId: string | null,
): Promise<string | null> {
  return findImageKey(database, resultId, index, userId);
}
