/**
 * The render's side of the automation workflow (IMAGE_PROVIDER=webhook, docs/decisions/007): the
 * spec's payload with signed links to the uploads, then the wait for its callback (workflow.ts),
 * reporting progress as it goes. A retried job reads the result already recorded instead of asking the
 * workflow a second time.
 */
import type { Logger } from 'pino';
import type { WorkflowOutcome } from '@vitrine/engine/providers/types';
import { buildWorkflowPayload } from '@vitrine/engine/providers/webhook';
import type { Database } from '../../db/client';
import type { Storage } from '../storage/storage';
import { sceneImagePath } from './fusion-sources';
import type { ExpressRenderRequest, FusionRenderRequest } from './render-request';
import { recordWorkflowResult, type RenderRecord } from './repository';
import {
  outcomeOf,
  waitForWorkflow,
  workflowResult,
  type WorkflowClient,
  type WorkflowResult,
} from './workflow';

export type WorkflowRequest =
  ({ mode: 'fusion' } & FusionRenderRequest) | ({ mode: 'express' } & ExpressRenderRequest);

export type AskWorkflowDeps = {
  database: Database;
  storage: Storage;
  logger: Logger;
  workflow: WorkflowClient;
  /** The ids of the user's uploads stored under these keys (undefined for a key no longer stored). */
  uploadIds(userId: string, keys: string[]): Promise<(string | undefined)[]>;
  /** Progress to report (also tells the sweeper the render is alive); throws when cancelled. */
  report(progress: number): Promise<void>;
  /** Thrown when the generation is no longer processing. */
  cancelled(): Error;
  /** Thrown when the photos the generation was started from are gone. */
  sourceMissing(): Error;
};

/** The share of the render's progress spent waiting for the workflow. */
export const WORKFLOW_PROGRESS = { from: 20, to: 45 } as const;

/** The payload, with signed links to a Fusion's uploads. */
async function payloadFor(deps: AskWorkflowDeps, row: RenderRecord, job: WorkflowRequest) {
  const ids = { backgroundGenerationId: row.id, userId: row.userId };
  if (job.mode === 'express') return buildWorkflowPayload({ mode: 'express', request: job.request, ...ids });
  const keys = job.contextKey === undefined ? [job.productKey] : [job.productKey, job.contextKey];
  const [product, context] = await deps.uploadIds(row.userId, keys);
  if (!product || (job.contextKey !== undefined && !context)) throw deps.sourceMissing();
  // A ready-made scene is sent as its image, at the scenes' public address.
  // A marketplace image may have no scene: no context image is sent.
  const contextUrl = job.sceneId
    ? deps.workflow.publicUrl(sceneImagePath(job.sceneId, job.request))
    : context
      ? deps.workflow.uploadUrl(context)
      : '';
  return buildWorkflowPayload({
    mode: 'fusion',
    request: job.request,
    productUrl: deps.workflow.uploadUrl(product),
    contextUrl,
    ...(job.sceneId && { sceneId: job.sceneId }),
    ...ids,
  });
}

/** Sends the payload and waits for the callback; the result recorded on the generation. */
async function sendAndWait(deps: AskWorkflowDeps, row: RenderRecord, job: WorkflowRequest) {
  const { database, workflow, logger } = deps;
  const payload = await payloadFor(deps, row, job);
  const deadline = Date.now() + workflow.timeoutMs;
  const sent = await workflow.send(payload);
  if (!sent.ok) {
    logger.warn({ generationId: row.id, ...sent.fallback }, 'the workflow could not be reached');
    const result: WorkflowResult = { status: 'not_sent', reason: sent.fallback.reason };
    if (await recordWorkflowResult(database, row.id, result)) return result;
    // A callback beat the failed send (or the generation was cancelled): take what is there.
    return waitForWorkflow({
      database,
      generationId: row.id,
      deadline: 0,
      onTick: async () => {},
      cancelled: deps.cancelled,
    });
  }
  let reported: number = WORKFLOW_PROGRESS.from;
  return waitForWorkflow({
    database,
    generationId: row.id,
    deadline,
    async onTick(share) {
      const progress =
        WORKFLOW_PROGRESS.from + Math.floor((WORKFLOW_PROGRESS.to - WORKFLOW_PROGRESS.from) * share);
      // Each step also tells the sweeper this render is alive.
      if (progress > reported) await deps.report((reported = progress));
    },
    cancelled: deps.cancelled,
  });
}

/** Asks the workflow for backgrounds. Undefined when no callback came (the render goes on locally). */
export async function askWorkflow(
  deps: AskWorkflowDeps,
  row: RenderRecord,
  job: WorkflowRequest,
): Promise<WorkflowOutcome | undefined> {
  const earlier = workflowResult.safeParse(row.workflowResult);
  const result = earlier.success ? earlier.data : await sendAndWait(deps, row, job);
  if (result.status === 'no_callback') {
    deps.logger.warn({ generationId: row.id }, 'no workflow callback in time: rendering locally');
  }
  return outcomeOf(deps.storage, result);
}
