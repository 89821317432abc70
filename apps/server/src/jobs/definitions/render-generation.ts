/**
 * Renders one generation (spec section 4): reads the uploads, renders the variants with the image
 * provider, reports progress, stores the images and writes user_image_generations, then marks the record
 * completed, all guarded by "still processing", so a cancel-all until the images are rendered wins and
 * leaves nothing behind; once they are being stored (FINISHING_PROGRESS) the generation completes. With
 * the webhook provider it first sends the spec's payload to the automation workflow and waits for its
 * callback (modules/generations/workflow.ts). A failure marks the record failed with a
 * message in the user's language and gives the credit back. Safe to run twice: a retried job for a
 * finished record does nothing, and one for a running record does not ask the workflow again.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { z } from 'zod';
import {
  expressRequest,
  fusionRequest,
  type ExpressRequest,
  type FusionRequest,
} from '@vitrine/shared/api/generation';
import { translate, type MessageKey } from '@vitrine/shared/i18n/catalog';
import { createCopywriter } from '@vitrine/engine/copy/copywriter';
import type { ExpressCopy } from '@vitrine/engine/copy/types';
import { buildWorkflowPayload } from '@vitrine/engine/providers/webhook';
import type { WorkflowOutcome } from '@vitrine/engine/providers/types';
import type { Queryable } from '../../db/client';
import { releaseCredits } from '../../modules/generations/credits';
import { imagePath } from '../../modules/generations/image-links';
import type { RenderedVariant } from '../../modules/generations/render';
import { FINISHING_PROGRESS, RENDER_JOB } from '../../modules/generations/service';
import {
  outcomeOf,
  removeWorkflowFiles,
  waitForWorkflow,
  workflowResult,
  type WorkflowResult,
} from '../../modules/generations/workflow';
import type { Storage } from '../../modules/storage/storage';
import { storedCutoutFor } from '../../modules/uploads/cutout';
import type { JobContext, JobDefinition } from '../job';

class Cancelled extends Error {}
class RenderFailure extends Error {
  constructor(
    readonly key: MessageKey,
    options?: { cause?: unknown },
  ) {
    super(key, options);
  }
}

type Row = {
  id: string;
  user_id: string;
  mode: 'fusion' | 'express';
  status: string;
  locale: string;
  request: unknown;
  webhook_data: Record<string, unknown>;
  workflow_result: unknown;
};

/**
 * A model provider may take up to its time limit over one scene without any progress to report: the
 * record is touched this often meanwhile, so the sweeper never takes a live render for a dead one.
 */
const HEARTBEAT_MS = 60_000;

/** Progress while waiting for the workflow, then while rendering. */
const PROGRESS = { sourcesRead: 20, workflowAnswered: 45, rendered: 90 } as const;

const fusionJob = z.object({ request: fusionRequest, productKey: z.string(), contextKey: z.string() });
const expressJob = z.object({ request: expressRequest });

async function readAll(storage: Storage, key: string): Promise<Buffer> {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of storage.read(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } catch (error) {
    throw new RenderFailure('generations.sourceMissing', { cause: error });
  }
}

/** Marks the record failed (if it is still running) and gives its credit back, in one transaction. */
export async function failGeneration(
  tx: Queryable,
  row: { id: string; user_id: string; locale: string },
  key: MessageKey,
): Promise<boolean> {
  const failed = await tx.query(
    `update background_generations set status = 'failed', error_message = $2, updated_at = now()
     where id = $1 and status in ('pending', 'processing') returning id`,
    [row.id, translate(row.locale === 'en' ? 'en' : 'fr', key)],
  );
  await releaseCredits(tx, row.user_id, [row.id]);
  return failed.length > 0;
}

function isEngineFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'EngineError';
}

type WorkflowRequest =
  | { mode: 'fusion'; request: FusionRequest; productKey: string; contextKey: string }
  | { mode: 'express'; request: ExpressRequest };

/**
 * Asks the automation workflow for backgrounds: the spec's payload with signed links to the uploads,
 * then the wait for its callback, reporting progress from 20 to 45 %. Undefined when no callback came.
 */
async function askWorkflow(
  { database, storage, logger, workflow }: JobContext & { workflow: NonNullable<JobContext['workflow']> },
  row: Row,
  job: WorkflowRequest,
  report: (progress: number) => Promise<void>,
): Promise<WorkflowOutcome | undefined> {
  const earlier = workflowResult.safeParse(row.workflow_result);
  let result: WorkflowResult;
  if (earlier.success) {
    result = earlier.data;
  } else {
    const ids = { backgroundGenerationId: row.id, userId: row.user_id };
    let payload;
    if (job.mode === 'fusion') {
      const uploads = await database.query<{ id: string; storage_key: string }>(
        `select id, storage_key from uploads where user_id = $1 and storage_key = any($2::text[])`,
        [row.user_id, [job.productKey, job.contextKey]],
      );
      const idOf = (key: string) => uploads.find((u) => u.storage_key === key)?.id;
      const product = idOf(job.productKey);
      const context = idOf(job.contextKey);
      if (!product || !context) throw new RenderFailure('generations.sourceMissing');
      payload = buildWorkflowPayload({
        mode: 'fusion',
        request: job.request,
        productUrl: workflow.uploadUrl(product),
        contextUrl: workflow.uploadUrl(context),
        ...ids,
      });
    } else {
      payload = buildWorkflowPayload({ mode: 'express', request: job.request, ...ids });
    }
    const deadline = Date.now() + workflow.timeoutMs;
    const sent = await workflow.send(payload);
    if (!sent.ok) {
      logger.warn({ generationId: row.id, ...sent.fallback }, 'the workflow could not be reached');
      result = { status: 'not_sent', reason: sent.fallback.reason };
      const marked = await database.query(
        `update background_generations set workflow_result = $2
         where id = $1 and status = 'processing' and workflow_result is null returning id`,
        [row.id, JSON.stringify(result)],
      );
      if (marked.length === 0) {
        // A callback beat the failed send (or the generation was cancelled): take what is there.
        result = await waitForWorkflow({
          database,
          generationId: row.id,
          deadline: 0,
          onTick: async () => {},
          cancelled: () => new Cancelled(),
        });
      }
    } else {
      let reported: number = PROGRESS.sourcesRead;
      result = await waitForWorkflow({
        database,
        generationId: row.id,
        deadline,
        async onTick(share) {
          const span = PROGRESS.workflowAnswered - PROGRESS.sourcesRead;
          const progress = PROGRESS.sourcesRead + Math.floor(span * share);
          // Each step also tells the sweeper this render is alive.
          if (progress > reported) await report((reported = progress));
        },
        cancelled: () => new Cancelled(),
      });
    }
  }
  if (result.status === 'no_callback') {
    logger.warn({ generationId: row.id }, 'no workflow callback in time: rendering locally');
  }
  return outcomeOf(storage, result);
}

/** Removes the files of the record's workflow result, if it holds any (also for a late callback). */
export async function removeWorkflowResultFiles(
  db: Queryable,
  storage: Storage,
  generationId: string,
): Promise<void> {
  const [current] = await db.query<{ workflow_result: unknown }>(
    `select workflow_result from background_generations where id = $1`,
    [generationId],
  );
  await removeWorkflowFiles(storage, current?.workflow_result);
}

export const renderGeneration: JobDefinition<{ generationId: string }> = {
  name: RENDER_JOB,
  version: 1,
  payload: z.object({ generationId: z.uuid() }),
  concurrency: 1,
  pollingIntervalSeconds: 0.5,
  async handle(context, { generationId }) {
    const { database, storage, renderer, logger, workflow } = context;
    const [row] = await database.query<Row>(
      `select id, user_id, mode, status, locale, request, webhook_data, workflow_result
       from background_generations where id = $1`,
      [generationId],
    );
    if (!row || (row.status !== 'processing' && row.status !== 'pending')) {
      return { skipped: row ? `already ${row.status}` : 'no such generation' };
    }
    // Variants render side by side, and their reports can reach the database out of order: progress
    // only moves forward (a late 55 after 90 leaves 90), so nobody watching sees it go back.
    const report = async (progress: number) => {
      const updated = await database.query(
        `update background_generations set progress = greatest(coalesce(progress, 0), $2), updated_at = now()
         where id = $1 and status = 'processing' returning id`,
        [row.id, progress],
      );
      if (updated.length === 0) throw new Cancelled();
    };
    let from: number = PROGRESS.sourcesRead;
    const onVariant = (done: number, total: number) =>
      report(from + Math.round(((PROGRESS.rendered - from) * done) / total));
    const ask = async (job: WorkflowRequest) => {
      if (!workflow) return undefined;
      const outcome = await askWorkflow({ ...context, workflow }, row, job, report);
      await report((from = PROGRESS.workflowAnswered));
      return outcome;
    };
    const providerLog = {
      warn: (details: Record<string, unknown>, message: string) =>
        logger.warn({ generationId: row.id, ...details }, message),
    };
    const resultId = randomUUID();
    const stored: string[] = [];
    let copy: ExpressCopy | null = null;
    const heartbeat = setInterval(() => {
      database
        .query(
          `update background_generations set updated_at = now() where id = $1 and status = 'processing'`,
          [row.id],
        )
        .catch(() => {});
    }, HEARTBEAT_MS);
    heartbeat.unref();
    try {
      let variants: RenderedVariant[];
      if (row.mode === 'fusion') {
        const job = fusionJob.parse(row.request);
        // The cut-out the user checked on the Fusion page, if any, is used as it was stored.
        const [product, contextPhoto, stored] = await Promise.all([
          readAll(storage, job.productKey),
          readAll(storage, job.contextKey),
          storedCutoutFor(database, storage, row.user_id, job.productKey),
        ]);
        await report(PROGRESS.sourcesRead);
        const outcome = await ask({ mode: 'fusion', ...job });
        variants = await renderer.fusion(
          {
            request: job.request,
            product,
            context: contextPhoto,
            cutout: stored,
            workflow: outcome,
            logger: providerLog,
          },
          onVariant,
        );
      } else {
        const job = expressJob.parse(row.request);
        await report(PROGRESS.sourcesRead);
        const outcome = await ask({ mode: 'express', ...job });
        // The headline is written before the render: by the language model when one is configured,
        // otherwise (or when its answer is not usable) by the local copywriter.
        const copywriter = context.copywriter ?? createCopywriter({ kind: 'local' });
        copy = await copywriter.expressCopy(job.request);
        if (copy?.fallback) providerLog.warn({ ...copy.fallback }, 'Express copy written locally');
        variants = await renderer.express(
          { request: job.request, copy, workflow: outcome, logger: providerLog },
          onVariant,
        );
      }
      // From here the generation is finishing: a cancel-all no longer takes it (nor its credit), and
      // one that came first stops it before any image is stored.
      await report(FINISHING_PROGRESS);
      const images = [];
      for (const [index, variant] of variants.entries()) {
        const key = `${row.user_id}/${resultId}-${index}.jpg`;
        await storage.put(key, Readable.from(variant.jpeg));
        stored.push(key);
        // Who drew the background, and why not the asked provider: never a key or a provider's text.
        // How the product was cut out, with the engine's confidence.
        images.push({
          key,
          width: variant.width,
          height: variant.height,
          ...(variant.engine && { engine: variant.engine }),
          ...(variant.cutout && { cutout: variant.cutout }),
          ...(variant.faces && { faces: variant.faces }),
        });
      }
      const urls = images.map((_, index) => imagePath(resultId, index));
      const webhookData = {
        ...row.webhook_data,
        mode: row.mode,
        allImages: urls,
        selectedImage: urls[0],
        images,
        // The words set on an Express visual, who wrote them and in which language.
        ...(copy && { copy }),
      };
      await database.transaction(async (tx) => {
        const completed = await tx.query(
          `update background_generations set status = 'completed', progress = 100, updated_at = now()
           where id = $1 and status = 'processing' returning id`,
          [row.id],
        );
        if (completed.length === 0) throw new Cancelled();
        await tx.query(
          `insert into user_image_generations (id, user_id, background_generation_id, webhook_data, images_count)
           values ($1, $2, $3, $4, $5)`,
          [resultId, row.user_id, row.id, JSON.stringify(webhookData), images.length],
        );
        // The credit is spent for good.
        await tx.query(`update background_generations set credit_reserved = false where id = $1`, [row.id]);
      });
      return { completed: row.id, images: images.length };
    } catch (error) {
      await Promise.all(stored.map((key) => storage.remove(key).catch(() => {})));
      if (error instanceof Cancelled) return { cancelled: row.id };
      const key: MessageKey =
        error instanceof RenderFailure
          ? error.key
          : isEngineFailure(error)
            ? 'generations.renderFailed'
            : 'generations.failed';
      logger.error({ err: error, generationId: row.id }, 'generation failed');
      await database.transaction((tx) => failGeneration(tx, row, key));
      return { failed: row.id, reason: key };
    } finally {
      clearInterval(heartbeat);
      // The workflow's images served their purpose, whatever the outcome.
      if (workflow) await removeWorkflowResultFiles(database, storage, row.id);
    }
  },
};
