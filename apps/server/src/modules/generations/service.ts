/**
 * Generations (spec sections 3, 4 and 7): start, cancel-all, the live list, results, history and stats.
 * Starting writes the background_generations row, reserves the credit and enqueues the render job in
 * one transaction; the database enforces one active generation per user (a partial unique index).
 */
import { randomUUID } from 'node:crypto';
import {
  EXPIRING_SOON_DAYS,
  HISTORY_LIMIT,
  INITIAL_PROGRESS,
  STATS_WINDOW_DAYS,
  type ActiveGeneration,
  type GenerationMode,
  type GenerationResult,
  type GenerationStats,
  type GenerationStatus,
} from '@vitrine/shared/api/generations';
import type { ExpressRequest, FusionRequest } from '@vitrine/shared/api/generation';
import { translate } from '@vitrine/shared/i18n/catalog';
import type { Lang } from '@vitrine/shared/locale';
import type { ImageProviderConfig } from '@vitrine/engine/providers/config';
import type { Database, Queryable } from '../../db/client';
import { AppError } from '../../http/app-error';
import { lockAllowance, releaseCredits, usageOf } from './credits';
import type { ImageLinks } from './image-links';
import { expressPayload, fusionPayload } from './payload';
import { removeWorkflowFiles } from './workflow';
import { touchUploads } from '../uploads/recent';
import { notExpired } from '../uploads/retention';
import { settingsUsed } from './settings-used';
import type { Storage } from '../storage/storage';

export const RENDER_JOB = 'render-generation';
/** A render that has not reported for this long is considered cut off (crash, restart). */
export const RENDER_JOB_EXPIRE_SECONDS = 120;
/**
 * The progress a render sets, while still processing, just before it stores its images: from then on the
 * generation is finishing, and a cancel-all leaves it to complete (its credit is spent).
 */
export const FINISHING_PROGRESS = 95;

/**
 * How long a render job may run before the queue takes it for cut off: a model provider may spend up to
 * its own time limit on the scenes (openai) or on waiting for the workflow's callback (webhook) first.
 */
export function renderJobExpireSeconds(provider: ImageProviderConfig): number {
  return provider.kind === 'local'
    ? RENDER_JOB_EXPIRE_SECONDS
    : RENDER_JOB_EXPIRE_SECONDS + Math.ceil(provider.timeoutMs / 1000);
}
/** Until this server has finished a few generations, the estimate it gives. */
const DEFAULT_TYPICAL_SECONDS = 5;

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
  /** Defaults to RENDER_JOB_EXPIRE_SECONDS (the local engine). */
  renderExpireSeconds?: number;
};

type GenerationRow = {
  id: string;
  mode: GenerationMode;
  status: GenerationStatus;
  progress: number | null;
  error_message: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  result_id?: string | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();

export const GENERATION_COLUMNS = `g.id, g.mode, g.status, g.progress, g.error_message, g.created_at, g.updated_at,
  (select r.id from user_image_generations r where r.background_generation_id = g.id limit 1) as result_id`;

export function toActive(row: GenerationRow, typicalSeconds: number, now = Date.now()): ActiveGeneration {
  const elapsed = (now - new Date(row.created_at).getTime()) / 1000;
  const running = row.status === 'pending' || row.status === 'processing';
  return {
    id: row.id,
    mode: row.mode,
    status: row.status,
    progress: row.progress,
    errorMessage: row.error_message,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    estimatedSecondsLeft: running ? Math.max(0, Math.ceil(typicalSeconds - elapsed)) : 0,
  };
}

/** The measured time from start to completion over this server's latest generations. */
export async function typicalSeconds(db: Queryable): Promise<number> {
  const [row] = await db.query<{ seconds: number | null }>(
    `select avg(extract(epoch from (updated_at - created_at)))::float8 as seconds
     from (select updated_at, created_at from background_generations
           where status = 'completed' order by updated_at desc limit 20) latest`,
  );
  const seconds = row?.seconds;
  return seconds && Number.isFinite(seconds)
    ? Math.min(600, Math.max(1, Math.round(seconds * 10) / 10))
    : DEFAULT_TYPICAL_SECONDS;
}

function isActiveConflict(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  return (
    e?.code === '23505' &&
    (e.constraint === 'background_generations_one_active_per_user' ||
      String(e.message).includes('background_generations_one_active_per_user'))
  );
}

export type StartInput =
  | { mode: 'fusion'; request: FusionRequest; productUploadId: string; contextUploadId: string }
  | { mode: 'express'; request: ExpressRequest };

type UploadRow = { id: string; storage_key: string };

async function ownUploads(db: Queryable, userId: string, ids: string[]): Promise<Map<string, UploadRow>> {
  const rows = await db.query<UploadRow>(
    `select id, storage_key from uploads where user_id = $1 and id = any($2::uuid[])
       and ${notExpired()}`,
    [userId, ids],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

export async function startGeneration(deps: GenerationDeps, userId: string, locale: Lang, input: StartInput) {
  const { database, jobs } = deps;
  const id = randomUUID();
  const ids = { backgroundGenerationId: id, userId };
  let webhookData: object;
  let job: object;
  if (input.mode === 'fusion') {
    const uploads = await ownUploads(database, userId, [input.productUploadId, input.contextUploadId]);
    const product = uploads.get(input.productUploadId);
    const context = uploads.get(input.contextUploadId);
    if (!product || !context) throw new AppError('NOT_FOUND', { messageKey: 'generations.sourceMissing' });
    webhookData = fusionPayload(
      input.request,
      { product: `/api/uploads/${product.id}/file`, context: `/api/uploads/${context.id}/file` },
      ids,
    );
    job = { request: input.request, productKey: product.storage_key, contextKey: context.storage_key };
  } else {
    webhookData = expressPayload(input.request, ids);
    job = { request: input.request };
  }

  await jobs.ready();
  const row = await database.transaction(async (tx) => {
    const allowance = await lockAllowance(tx, userId);
    let inserted: GenerationRow[];
    try {
      inserted = await tx.query<GenerationRow>(
        `insert into background_generations (id, user_id, status, progress, webhook_data, mode, request, locale)
         values ($1, $2, 'processing', $3, $4, $5, $6, $7)
         returning id, mode, status, progress, error_message, created_at, updated_at`,
        [id, userId, INITIAL_PROGRESS, JSON.stringify(webhookData), input.mode, JSON.stringify(job), locale],
      );
    } catch (error) {
      if (isActiveConflict(error)) throw new AppError('ACTIVE_GENERATION', { cause: error });
      throw error;
    }
    const reservation = await allowance.reserve();
    if (!reservation.ok) throw new AppError('INSUFFICIENT_CREDITS');
    const jobId = await jobs.send(
      tx,
      RENDER_JOB,
      { generationId: id },
      {
        expireInSeconds: deps.renderExpireSeconds ?? RENDER_JOB_EXPIRE_SECONDS,
        retryLimit: 1,
      },
    );
    await tx.query(`update background_generations set credit_reserved = $2, job_id = $3 where id = $1`, [
      id,
      reservation.reserved,
      jobId,
    ]);
    // Used again: the photos' year of keeping starts over.
    if (input.mode === 'fusion')
      await touchUploads(tx, userId, [input.productUploadId, input.contextUploadId]);
    return inserted[0]!;
  });
  const typical = await typicalSeconds(database);
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
    const rows = await tx.query<{
      id: string;
      locale: string;
      workflow_result: unknown;
      job_id: string | null;
    }>(
      `select id, locale, workflow_result, job_id from background_generations
       where user_id = $1 and status in ('pending', 'processing') and coalesce(progress, 0) < $2
       for update`,
      [userId, FINISHING_PROGRESS],
    );
    for (const row of rows) {
      await tx.query(
        `update background_generations set status = 'failed', error_message = $2, updated_at = now()
         where id = $1`,
        [row.id, translate(row.locale === 'en' ? 'en' : 'fr', 'generations.cancelledForTest')],
      );
    }
    await releaseCredits(
      tx,
      userId,
      rows.map((r) => r.id),
    );
    await deps.jobs.cancel(
      tx,
      RENDER_JOB,
      rows.flatMap((r) => (r.job_id ? [r.job_id] : [])),
    );
    return rows;
  });
  await Promise.all(cancelled.map((row) => removeWorkflowFiles(deps.storage, row.workflow_result)));
  return { cancelled: cancelled.length, usage: await usageOf(deps.database, userId) };
}

export async function activeGenerations(database: Database, userId: string) {
  const [rows, typical] = await Promise.all([
    database.query<GenerationRow>(
      `select ${GENERATION_COLUMNS} from background_generations g
       where g.user_id = $1 and g.status in ('pending', 'processing') order by g.created_at desc`,
      [userId],
    ),
    typicalSeconds(database),
  ]);
  return { items: rows.map((row) => toActive(row, typical)), typicalSeconds: typical };
}

export type ResultRow = {
  id: string;
  background_generation_id: string | null;
  generated_at: Date | string;
  webhook_data: unknown;
  images_count: number;
};

type StoredImage = { key: string; width: number; height: number };

const YEAR_MS = 365 * 24 * 3600 * 1000;

/** The image URL as the spec reads it from webhook_data: selectedImage, imageUrl, allImages, image_url, array. */
export function selectedImageOf(data: unknown): string | null {
  if (Array.isArray(data)) return typeof data[0] === 'string' ? data[0] : null;
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  for (const candidate of [
    d.selectedImage,
    d.imageUrl,
    Array.isArray(d.allImages) ? d.allImages[0] : undefined,
    d.image_url,
  ]) {
    if (typeof candidate === 'string' && candidate) return candidate;
  }
  return null;
}

/** Signs our own image paths; URLs from elsewhere pass as they are. */
function linkFor(links: ImageLinks, url: string, now: Date): string {
  const match = /^\/api\/images\/([0-9a-f-]{36})\/(\d{1,2})$/.exec(url);
  return match ? links.sign(match[1]!, Number(match[2]), now) : url;
}

export function toResult(row: ResultRow, links: ImageLinks, now = new Date()): GenerationResult {
  const data = (row.webhook_data ?? {}) as Record<string, unknown>;
  const generatedAt = new Date(row.generated_at);
  const expiresAt = new Date(generatedAt.getTime() + YEAR_MS);
  const stored = Array.isArray(data.images) ? (data.images as StoredImage[]) : [];
  const all = Array.isArray(data.allImages)
    ? (data.allImages as unknown[]).filter((u): u is string => typeof u === 'string')
    : [];
  const images = all.map((url, index) => ({
    url: linkFor(links, url, now),
    width: stored[index]?.width ?? 0,
    height: stored[index]?.height ?? 0,
  }));
  const selected = selectedImageOf(row.webhook_data);
  const style = [data.styleRendu, data.style].find((s): s is string => typeof s === 'string' && s.length > 0);
  const format = [data.formatImage, data.format].find(
    (s): s is string => typeof s === 'string' && s.length > 0,
  );
  return {
    id: row.id,
    backgroundGenerationId: row.background_generation_id,
    mode: data.generation_type || data.mode === 'express' ? 'express' : 'fusion',
    generatedAt: generatedAt.toISOString(),
    style: style ?? null,
    format: format ?? null,
    images,
    selectedImage: selected ? linkFor(links, selected, now) : null,
    expiresAt: expiresAt.toISOString(),
    availability:
      expiresAt.getTime() - now.getTime() <= EXPIRING_SOON_DAYS * 86_400_000 ? 'expiring' : 'available',
    settings: settingsUsed(row.webhook_data),
  };
}

export const RESULT_COLUMNS = 'id, background_generation_id, generated_at, webhook_data, images_count';

export async function generationDetail(deps: GenerationDeps, userId: string, id: string) {
  const [row] = await deps.database.query<GenerationRow>(
    `select ${GENERATION_COLUMNS} from background_generations g where g.id = $1 and g.user_id = $2`,
    [id, userId],
  );
  if (!row) throw new AppError('NOT_FOUND');
  const [result] = await deps.database.query<ResultRow>(
    `select ${RESULT_COLUMNS} from user_image_generations where background_generation_id = $1 and user_id = $2`,
    [id, userId],
  );
  return {
    generation: toActive(row, await typicalSeconds(deps.database)),
    result: result ? toResult(result, deps.links) : null,
  };
}

export async function history(deps: GenerationDeps, userId: string) {
  const rows = await deps.database.query<ResultRow>(
    `select ${RESULT_COLUMNS} from user_image_generations
     where user_id = $1 order by generated_at desc limit $2`,
    [userId, HISTORY_LIMIT],
  );
  const now = new Date();
  return { items: rows.map((row) => toResult(row, deps.links, now)) };
}

/** The storage key of one image of a result, for its owner (or anyone, when `userId` is null). */
export async function resultImageKey(
  database: Database,
  resultId: string,
  index: number,
  userId: string | null,
): Promise<string | null> {
  const [row] = await database.query<{ webhook_data: { images?: StoredImage[] } }>(
    `select webhook_data from user_image_generations where id = $1 and ($2::text is null or user_id = $2)`,
    [resultId, userId],
  );
  const image = row?.webhook_data?.images?.[index];
  return typeof image?.key === 'string' ? image.key : null;
}

export async function stats(database: Database, userId: string): Promise<GenerationStats> {
  const usage = await usageOf(database, userId);
  const [row] = await database.query<{
    total_generations: number;
    total_images: number;
    generations_last_30_days: number;
    images_last_30_days: number;
    last_generation_date: Date | string | null;
    cycle_generations: number | null;
  }>(
    `select count(*)::int as total_generations,
            coalesce(sum(images_count), 0)::int as total_images,
            (count(*) filter (where generated_at > now() - make_interval(days => $2)))::int as generations_last_30_days,
            coalesce(sum(images_count) filter (where generated_at > now() - make_interval(days => $2)), 0)::int
              as images_last_30_days,
            max(generated_at) as last_generation_date,
            case when $3::timestamptz is null then null
                 else (count(*) filter (where generated_at >= $3::timestamptz))::int end as cycle_generations
     from user_image_generations where user_id = $1`,
    [userId, STATS_WINDOW_DAYS, usage.cycleStart],
  );
  const [info] = await database.query<{ free_generations_used: number; has_subscription: boolean }>(
    `select free_generations_used, has_subscription from user_subscription_info where user_id = $1`,
    [userId],
  );
  const total = row?.total_generations ?? 0;
  return {
    total_generations: total,
    total_images: row?.total_images ?? 0,
    generations_last_30_days: row?.generations_last_30_days ?? 0,
    images_last_30_days: row?.images_last_30_days ?? 0,
    last_generation_date: row?.last_generation_date ? iso(row.last_generation_date) : null,
    free_generations_used: info?.free_generations_used ?? 0,
    has_subscription: info?.has_subscription ?? false,
    // Spec section 7: without a billing cycle, the last-30-days count stands in.
    billing_cycle_generations: row?.cycle_generations ?? row?.generations_last_30_days ?? 0,
    // Spec section 9: the success rate shown is 100 % (also when there is nothing yet).
    success_rate: 100,
  };
}
