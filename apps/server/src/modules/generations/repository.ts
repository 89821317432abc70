/**
 * Generation records: every statement on background_generations (a generation and its state) and
 * user_image_generations (the result it leaves). A generation's state is changed here and nowhere else.
 *
 * The state machine (spec section 4, docs/decisions/009):
 *
 *   insertProcessing ─► processing ─┬─ complete ─────────────────────────► completed (credit spent)
 *     + attachJob       │  ▲        └─ fail, failActiveForUser (cancel) ─► failed (credit given back)
 *                       └──┘ reportProgress, touch, recordWorkflowResult
 *
 * - A generation is inserted 'processing' (the schema also knows 'pending', which nothing writes now
 *   but every rule below treats as active). A partial unique index allows one active per user.
 * - Each change out of 'processing' is one statement guarded by the status it leaves, so whichever
 *   comes first (the render completing, a cancel-all, the sweeper) wins, and the others change nothing.
 * - The credit: `credit_reserved` is true while a free credit is held (attachJob, from the allowance's
 *   reservation; a paid plan holds none, it counts generations instead). complete clears it, spent;
 *   fail and failActiveForUser clear it and give the credit back, in the statement that reads it, so a
 *   cancel racing a failure cannot give it back twice.
 * - Progress only moves forward. Once a render has reported FINISHING_PROGRESS (service.ts) it is
 *   storing its images: failActiveForUser leaves it to complete.
 * - The workflow's result (IMAGE_PROVIDER=webhook) is written once, while processing: the callback or
 *   the worker's "no callback" mark, whichever comes first.
 * - Every change (the trigger of migration 0003) is announced on GENERATION_CHANNEL.
 */
import { translate, type MessageKey } from '@vitrine/shared/i18n/catalog';
import type { Database, Queryable } from '../../db/client';
import type { backgroundGenerations, userImageGenerations } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { giveBackFreeCredits } from '../billing/repository';

export type GenerationRecord = typeof backgroundGenerations.$inferSelect;
export type ResultRecord = typeof userImageGenerations.$inferSelect;

/** What the API shows of a generation. */
export type GenerationRow = Pick<
  GenerationRecord,
  'id' | 'mode' | 'status' | 'progress' | 'errorMessage' | 'createdAt' | 'updatedAt'
>;
export type GenerationView = GenerationRow & { resultId: string | null };

/** What the API shows of a result. */
export type ResultRow = Pick<
  ResultRecord,
  'id' | 'backgroundGenerationId' | 'generatedAt' | 'webhookData' | 'imagesCount'
>;

const ROW = `g.id, g.mode, g.status, g.progress, g.error_message as "errorMessage",
  g.created_at as "createdAt", g.updated_at as "updatedAt"`;
const VIEW = `${ROW},
  (select r.id from user_image_generations r where r.background_generation_id = g.id limit 1) as "resultId"`;
const RESULT = `id, background_generation_id as "backgroundGenerationId", generated_at as "generatedAt",
  webhook_data as "webhookData", images_count as "imagesCount"`;

const ACTIVE = `status in ('pending', 'processing')`;

const messageIn = (locale: string, key: MessageKey) => translate(locale === 'en' ? 'en' : 'fr', key);

function isOneActiveConflict(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  return (
    e?.code === '23505' &&
    (e.constraint === 'background_generations_one_active_per_user' ||
      String(e.message).includes('background_generations_one_active_per_user'))
  );
}

// Writes: the state machine.

export type NewGeneration = Pick<GenerationRecord, 'id' | 'userId' | 'mode' | 'locale'> & {
  progress: number;
  /** The spec's payload (payload.ts). */
  webhookData: object;
  /** What the render job reads (render-request.ts). */
  request: object;
};

/** Inserts the generation, processing; ACTIVE_GENERATION when the user already has one running. */
export async function insertProcessing(tx: Queryable, generation: NewGeneration): Promise<GenerationRow> {
  const { id, userId, progress, webhookData, mode, request, locale } = generation;
  try {
    const [row] = await tx.query<GenerationRow>(
      `insert into background_generations as g (id, user_id, status, progress, webhook_data, mode, request, locale)
       values ($1, $2, 'processing', $3, $4, $5, $6, $7)
       returning ${ROW}`,
      [id, userId, progress, JSON.stringify(webhookData), mode, JSON.stringify(request), locale],
    );
    return row!;
  } catch (error) {
    if (isOneActiveConflict(error)) throw new AppError('ACTIVE_GENERATION', { cause: error });
    throw error;
  }
}

/** Records the render job and whether a free credit is now held for the generation. */
export async function attachJob(
  tx: Queryable,
  id: string,
  { creditReserved, jobId }: { creditReserved: boolean; jobId: string | null },
): Promise<void> {
  await tx.query(`update background_generations set credit_reserved = $2, job_id = $3 where id = $1`, [
    id,
    creditReserved,
    jobId,
  ]);
}

/**
 * Moves progress forward (a late, lower report leaves it as it is) and says the render is alive; false
 * when the generation is no longer processing (cancelled, or failed by the sweeper).
 */
export async function reportProgress(db: Queryable, id: string, progress: number): Promise<boolean> {
  const updated = await db.query(
    `update background_generations set progress = greatest(coalesce(progress, 0), $2), updated_at = now()
     where id = $1 and status = 'processing' returning id`,
    [id, progress],
  );
  return updated.length > 0;
}

/** Says the render is alive without any progress to report, so the sweeper leaves it. */
export async function touch(db: Queryable, id: string): Promise<void> {
  await db.query(
    `update background_generations set updated_at = now() where id = $1 and status = 'processing'`,
    [id],
  );
}

/**
 * Records the workflow's result (or the worker's note that none is coming) if the generation is still
 * processing and has none yet; false otherwise.
 */
export async function recordWorkflowResult(db: Queryable, id: string, result: object): Promise<boolean> {
  const marked = await db.query(
    `update background_generations set workflow_result = $2, updated_at = now()
     where id = $1 and status = 'processing' and workflow_result is null returning id`,
    [id, JSON.stringify(result)],
  );
  return marked.length > 0;
}

export type CompletedResult = { id: string; webhookData: object; imagesCount: number };

/**
 * processing → completed, in one transaction: the status, the result row, and the credit spent for
 * good. False when the generation was no longer processing (a cancel-all came first): nothing is written.
 */
export async function complete(
  database: Database,
  generation: { id: string; userId: string },
  result: CompletedResult,
): Promise<boolean> {
  return database.transaction(async (tx) => {
    const completed = await tx.query(
      `update background_generations set status = 'completed', progress = 100, updated_at = now()
       where id = $1 and status = 'processing' returning id`,
      [generation.id],
    );
    if (completed.length === 0) return false;
    await tx.query(
      `insert into user_image_generations (id, user_id, background_generation_id, webhook_data, images_count)
       values ($1, $2, $3, $4, $5)`,
      [result.id, generation.userId, generation.id, JSON.stringify(result.webhookData), result.imagesCount],
    );
    await tx.query(`update background_generations set credit_reserved = false where id = $1`, [
      generation.id,
    ]);
    return true;
  });
}

/**
 * Gives back the credit held by the listed generations, once: the flag is cleared in the same statement
 * that reads it, so a cancel racing a failure cannot refund twice.
 */
async function releaseCredits(tx: Queryable, userId: string, generationIds: string[]): Promise<string[]> {
  if (generationIds.length === 0) return [];
  const released = await tx.query<{ id: string }>(
    `update background_generations set credit_reserved = false
     where user_id = $1 and id = any($2::uuid[]) and credit_reserved
     returning id`,
    [userId, generationIds],
  );
  if (released.length > 0) await giveBackFreeCredits(tx, userId, released.length);
  return released.map((row) => row.id);
}

/**
 * active → failed with `reason` in the user's language, and its credit given back, in one transaction.
 * False when it was no longer active; otherwise whether a free credit came back (a paid plan holds none).
 */
export async function fail(
  database: Database,
  generation: Pick<GenerationRecord, 'id' | 'userId' | 'locale'>,
  reason: MessageKey,
): Promise<false | { creditReturned: boolean }> {
  return database.transaction(async (tx) => {
    const failed = await tx.query(
      `update background_generations set status = 'failed', error_message = $2, updated_at = now()
       where id = $1 and ${ACTIVE} returning id`,
      [generation.id, messageIn(generation.locale, reason)],
    );
    const released = await releaseCredits(tx, generation.userId, [generation.id]);
    return failed.length > 0 && { creditReturned: released.length > 0 };
  });
}

export type FailedGeneration = Pick<GenerationRecord, 'id' | 'mode' | 'workflowResult' | 'jobId'> & {
  /** A free credit it held came back. */
  creditReturned: boolean;
};

/**
 * Every active generation of the user below `finishingProgress` → failed with `reason`, credits given
 * back; the rows are locked first, so a render that reaches finishing meanwhile is either failed here or
 * completes, never both. Run inside the caller's transaction (which also takes their jobs off the queue).
 */
export async function failActiveForUser(
  tx: Queryable,
  userId: string,
  { finishingProgress, reason }: { finishingProgress: number; reason: MessageKey },
): Promise<FailedGeneration[]> {
  const rows = await tx.query<Omit<FailedGeneration, 'creditReturned'> & { locale: string }>(
    `select id, mode, locale, workflow_result as "workflowResult", job_id as "jobId" from background_generations
     where user_id = $1 and ${ACTIVE} and coalesce(progress, 0) < $2
     for update`,
    [userId, finishingProgress],
  );
  for (const row of rows) {
    await tx.query(
      `update background_generations set status = 'failed', error_message = $2, updated_at = now()
       where id = $1`,
      [row.id, messageIn(row.locale, reason)],
    );
  }
  const released = new Set(
    await releaseCredits(
      tx,
      userId,
      rows.map((r) => r.id),
    ),
  );
  return rows.map(({ id, mode, workflowResult, jobId }) => ({
    id,
    mode,
    workflowResult,
    jobId,
    creditReturned: released.has(id),
  }));
}

/**
 * History kept one year (spec sections 1 and 9): deletes the results generated before `cutoff` minus
 * `interval` (SQL), then the finished generations started before it. Answers the image keys the deleted
 * results held (their plates' too), for their files to be removed after.
 */
export async function deleteFinishedBefore(
  db: Queryable,
  cutoff: string,
  interval: string,
): Promise<{ results: number; records: number; imageKeys: string[] }> {
  const results = await db.query<{ id: string; images: { key?: unknown; plateKey?: unknown }[] | null }>(
    `delete from user_image_generations
     where generated_at < $1::timestamptz - $2::interval
     returning id, webhook_data->'images' as images`,
    [cutoff, interval],
  );
  const records = await db.query<{ id: string }>(
    `delete from background_generations
     where created_at < $1::timestamptz - $2::interval and status in ('completed', 'failed')
     returning id`,
    [cutoff, interval],
  );
  const imageKeys = results.flatMap((row) =>
    Array.isArray(row.images)
      ? row.images.flatMap((i) => [i?.key, i?.plateKey]).filter((k): k is string => typeof k === 'string')
      : [],
  );
  return { results: results.length, records: records.length, imageKeys };
}

/**
 * Makes the variant at `index` the result's chosen image (the spec's `selectedImage`): the path the
 * result lists at that index. Undefined when the user has no such result or it lists no such variant.
 */
export async function selectImage(
  db: Queryable,
  userId: string,
  resultId: string,
  index: number,
): Promise<ResultRow | undefined> {
  const [row] = await db.query<ResultRow>(
    `update user_image_generations
     set webhook_data = jsonb_set(webhook_data, '{selectedImage}', webhook_data->'allImages'->$3::int)
     where id = $1 and user_id = $2 and jsonb_typeof(webhook_data->'allImages'->$3::int) = 'string'
     returning ${RESULT}`,
    [resultId, userId, index],
  );
  return row;
}

// Reads.

export type RenderRecord = Pick<
  GenerationRecord,
  'id' | 'userId' | 'mode' | 'status' | 'locale' | 'request' | 'webhookData' | 'workflowResult'
>;

/** What the render job needs of a generation. */
export async function findForRender(db: Queryable, id: string): Promise<RenderRecord | undefined> {
  const [row] = await db.query<RenderRecord>(
    `select id, user_id as "userId", mode, status, locale, request, webhook_data as "webhookData",
            workflow_result as "workflowResult"
     from background_generations where id = $1`,
    [id],
  );
  return row;
}

/** Active generations whose render has not reported for `seconds`. */
export async function findStale(
  db: Queryable,
  seconds: number,
): Promise<Pick<GenerationRecord, 'id' | 'userId' | 'locale' | 'mode'>[]> {
  return db.query(
    `select id, user_id as "userId", locale, mode from background_generations
     where ${ACTIVE} and updated_at < now() - make_interval(secs => $1)`,
    [seconds],
  );
}

/** How many active generations have not moved for `seconds` (the status page). */
export async function countStale(db: Queryable, seconds: number): Promise<number> {
  const [row] = await db.query<{ stalled: number }>(
    `select count(*)::int as stalled from background_generations
     where ${ACTIVE} and updated_at < now() - make_interval(secs => $1)`,
    [seconds],
  );
  return row?.stalled ?? 0;
}

/** The user's active generations, newest first. */
export async function listActive(db: Queryable, userId: string): Promise<GenerationView[]> {
  return db.query<GenerationView>(
    `select ${VIEW} from background_generations g
     where g.user_id = $1 and g.${ACTIVE} order by g.created_at desc`,
    [userId],
  );
}

/** One generation as the event stream shows it, whoever owns it. */
export async function findView(db: Queryable, id: string): Promise<GenerationView | undefined> {
  const [row] = await db.query<GenerationView>(
    `select ${VIEW} from background_generations g where g.id = $1`,
    [id],
  );
  return row;
}

/** The user's generations changed after `since` (ISO), oldest change first. */
export async function listChangedSince(
  db: Queryable,
  userId: string,
  since: string,
): Promise<GenerationView[]> {
  return db.query<GenerationView>(
    `select ${VIEW} from background_generations g
     where g.user_id = $1 and g.updated_at > $2 order by g.updated_at`,
    [userId, since],
  );
}

/** The user's generation and its result, if it has one. */
export async function findDetail(
  db: Queryable,
  userId: string,
  id: string,
): Promise<{ generation: GenerationRow; result: ResultRow | undefined } | undefined> {
  const [generation] = await db.query<GenerationRow>(
    `select ${ROW} from background_generations g where g.id = $1 and g.user_id = $2`,
    [id, userId],
  );
  if (!generation) return undefined;
  const [result] = await db.query<ResultRow>(
    `select ${RESULT} from user_image_generations where background_generation_id = $1 and user_id = $2`,
    [id, userId],
  );
  return { generation, result };
}

/** The status of the user's generation, if they have it. */
export async function findStatus(
  db: Queryable,
  userId: string,
  id: string,
): Promise<GenerationRecord['status'] | undefined> {
  const [row] = await db.query<{ status: GenerationRecord['status'] }>(
    `select status from background_generations where id = $1 and user_id = $2`,
    [id, userId],
  );
  return row?.status;
}

/** What the workflow's callback checks before it records anything. */
export async function findForCallback(
  db: Queryable,
  id: string,
): Promise<Pick<GenerationRecord, 'id' | 'userId' | 'status' | 'workflowResult'> | undefined> {
  const [row] = await db.query<Pick<GenerationRecord, 'id' | 'userId' | 'status' | 'workflowResult'>>(
    `select id, user_id as "userId", status, workflow_result as "workflowResult"
     from background_generations where id = $1`,
    [id],
  );
  return row;
}

/** The generation's status and the workflow's result so far. */
export async function readWorkflowResult(
  db: Queryable,
  id: string,
): Promise<Pick<GenerationRecord, 'status' | 'workflowResult'> | undefined> {
  const [row] = await db.query<Pick<GenerationRecord, 'status' | 'workflowResult'>>(
    `select status, workflow_result as "workflowResult" from background_generations where id = $1`,
    [id],
  );
  return row;
}

/** The user's latest results, newest first. */
export async function listResults(db: Queryable, userId: string, limit: number): Promise<ResultRow[]> {
  return db.query<ResultRow>(
    `select ${RESULT} from user_image_generations
     where user_id = $1 order by generated_at desc limit $2`,
    [userId, limit],
  );
}

/** One of the user's results. */
export async function findResult(db: Queryable, userId: string, id: string): Promise<ResultRow | undefined> {
  const [row] = await db.query<ResultRow>(
    `select ${RESULT} from user_image_generations where id = $1 and user_id = $2`,
    [id, userId],
  );
  return row;
}

/**
 * The user's result named by its own id or by its generation's (the editor accepts either), with the
 * images it stored.
 */
export async function findResultImages(
  db: Queryable,
  userId: string,
  id: string,
): Promise<{ id: string; images: unknown } | undefined> {
  const [row] = await db.query<{ id: string; images: unknown }>(
    `select id, webhook_data->'images' as images from user_image_generations
     where user_id = $2 and (id = $1 or background_generation_id = $1)
     order by (id = $1) desc limit 1`,
    [id, userId],
  );
  return row;
}

/** Generations started since `cycleStart` that did not fail: a paid plan's use of its month. */
export async function countInCycle(db: Queryable, userId: string, cycleStart: Date): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    `select count(*)::int as count from background_generations
     where user_id = $1 and created_at >= $2 and status <> 'failed'`,
    [userId, cycleStart.toISOString()],
  );
  return row?.count ?? 0;
}

export type ResultCounts = {
  totalGenerations: number;
  totalImages: number;
  generationsInWindow: number;
  imagesInWindow: number;
  lastGeneratedAt: Date | null;
  /** Null without a billing cycle. */
  cycleGenerations: number | null;
};

/** The user's results counted: in all, over the last `windowDays`, and since `cycleStart`. */
export async function stats(
  db: Queryable,
  userId: string,
  { windowDays, cycleStart }: { windowDays: number; cycleStart: string | null },
): Promise<ResultCounts | undefined> {
  const [row] = await db.query<ResultCounts>(
    `select count(*)::int as "totalGenerations",
            coalesce(sum(images_count), 0)::int as "totalImages",
            (count(*) filter (where generated_at > now() - make_interval(days => $2)))::int as "generationsInWindow",
            coalesce(sum(images_count) filter (where generated_at > now() - make_interval(days => $2)), 0)::int
              as "imagesInWindow",
            max(generated_at) as "lastGeneratedAt",
            case when $3::timestamptz is null then null
                 else (count(*) filter (where generated_at >= $3::timestamptz))::int end as "cycleGenerations"
     from user_image_generations where user_id = $1`,
    [userId, windowDays, cycleStart],
  );
  return row;
}

/** Until this server has finished a few generations, the estimate it gives. */
const DEFAULT_TYPICAL_SECONDS = 5;

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

/**
 * SQL condition for the uploads module: the upload (table alias `alias`) is a photo (or the brand
 * kit's logo) of a generation still running or whose result is kept. The keys are those the render request holds
 * (render-request.ts), which is why this lives here.
 */
export const uploadInUse = (alias: string) =>
  `exists (select 1 from background_generations g
            where g.user_id = ${alias}.user_id
              and ${alias}.storage_key in (g.request->>'productKey', g.request->>'contextKey',
                                           g.request->'brand'->'logo'->>'key')
              and (g.status in ('pending', 'processing')
                   or exists (select 1 from user_image_generations r where r.background_generation_id = g.id)))`;
