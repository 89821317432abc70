/**
 * The automation workflow (IMAGE_PROVIDER=webhook, spec section 7, docs/decisions/007) on the server.
 * The worker posts the signed spec payload, with signed expiring links to the uploads, then waits for
 * the workflow's signed callback: the callback route downloads the images with the safe fetcher, keeps
 * them in storage and records their keys in background_generations.workflow_result, which the waiting
 * worker polls. When the wait ends without a callback, the worker marks the record so that a late
 * callback is refused, and renders locally ('no_callback').
 */
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database, Queryable } from '../../db/client';
import type {
  ExpressWorkflowPayload,
  FusionWorkflowPayload,
  WorkflowSendResult,
} from '@vitrine/engine/providers/webhook';
import type { FallbackReason, WorkflowOutcome } from '@vitrine/engine/providers/types';
import { readAll, type Storage } from '../storage/storage';
import { createUploadLinks } from './image-links';
import { readWorkflowResult, recordWorkflowResult } from './repository';

/** What the worker needs to talk to the workflow. */
export type WorkflowClient = {
  /** How long the worker waits for the callback, from the moment it starts sending. */
  timeoutMs: number;
  /** An absolute, signed, expiring link to an upload's file, under PUBLIC_URL. */
  uploadUrl(uploadId: string): string;
  /** A public path of this server (a ready-made scene's image) as an absolute address. */
  publicUrl(path: string): string;
  send(payload: FusionWorkflowPayload | ExpressWorkflowPayload): Promise<WorkflowSendResult>;
};

export function createWorkflowClient(
  config: Pick<Config, 'imageProvider' | 'publicUrl'>,
  secret: string,
): WorkflowClient | undefined {
  const provider = config.imageProvider;
  if (provider.kind !== 'webhook') return undefined;
  const links = createUploadLinks(secret);
  return {
    timeoutMs: provider.timeoutMs,
    uploadUrl: (uploadId) => `${config.publicUrl}${links.sign(uploadId)}`,
    publicUrl: (path) => `${config.publicUrl}${path}`,
    async send(payload) {
      const { sendWorkflow } = await import('@vitrine/engine/providers/webhook');
      return sendWorkflow(provider.url, provider.secret, payload, provider.timeoutMs);
    },
  };
}

/**
 * background_generations.workflow_result: the images the callback brought (storage keys, in the
 * workflow's order), its failure, or the worker's note that it is not waiting (the wait ended, or the
 * payload never got through). `digest` is the SHA-256 of the callback's raw body, so the same callback
 * sent again is recognised. A retried job reads it instead of asking the workflow a second time.
 */
export const workflowResult = z.discriminatedUnion('status', [
  z.object({ status: z.literal('completed'), keys: z.array(z.string()), digest: z.string() }),
  z.object({ status: z.literal('failed'), digest: z.string() }),
  z.object({ status: z.literal('no_callback') }),
  /** The payload could not be delivered (the engine's fallback reason: timeout, network, http_502…). */
  z.object({ status: z.literal('not_sent'), reason: z.string() }),
]);
export type WorkflowResult = z.output<typeof workflowResult>;

export const WORKFLOW_POLL_MS = 250;

/** The storage keys a workflow result holds (files to remove once the render is over). */
export function workflowKeys(result: unknown): string[] {
  const parsed = workflowResult.safeParse(result);
  return parsed.success && parsed.data.status === 'completed' ? parsed.data.keys : [];
}

export async function removeWorkflowFiles(storage: Storage, result: unknown): Promise<void> {
  await Promise.all(workflowKeys(result).map((key) => storage.remove(key).catch(() => {})));
}

/** Removes the files of the generation's workflow result, if it holds any (also for a late callback). */
export async function removeWorkflowResultFiles(
  db: Queryable,
  storage: Storage,
  generationId: string,
): Promise<void> {
  const current = await readWorkflowResult(db, generationId);
  await removeWorkflowFiles(storage, current?.workflowResult);
}

/** Where a callback's image is kept until the worker has rendered on it. */
export function workflowImageKey(userId: string, generationId: string, index: number, ext: string): string {
  return `${userId}/workflow-${generationId}-${randomBytes(4).toString('hex')}-${index}.${ext}`;
}

export const callbackDigest = (rawBody: Buffer) => createHash('sha256').update(rawBody).digest('hex');

type Waiting = {
  database: Database;
  generationId: string;
  deadline: number;
  /** Called about every poll with the share of the wait elapsed (0 to 1); throws when cancelled. */
  onTick(elapsed: number): Promise<void>;
  /** Thrown when the record is no longer processing. */
  cancelled(): Error;
};

/**
 * Polls the record until the callback's result is there or the deadline passes. At the deadline the
 * record is marked 'no_callback' in the same statement that checks nothing arrived, so a callback
 * racing the deadline is either used here or refused by the route, never lost half-way.
 */
export async function waitForWorkflow(waiting: Waiting): Promise<WorkflowResult> {
  const { database, generationId, deadline } = waiting;
  const started = Date.now();
  for (;;) {
    const row = await readWorkflowResult(database, generationId);
    if (!row || row.status !== 'processing') throw waiting.cancelled();
    if (row.workflowResult) return workflowResult.parse(row.workflowResult);
    const now = Date.now();
    if (now >= deadline) break;
    await waiting.onTick(Math.min(1, (now - started) / Math.max(1, deadline - started)));
    await new Promise((resolve) => setTimeout(resolve, Math.min(WORKFLOW_POLL_MS, deadline - now)));
  }
  const noCallback = { status: 'no_callback' } satisfies WorkflowResult;
  if (await recordWorkflowResult(database, generationId, noCallback)) return noCallback;
  // Either a callback arrived just now, or the generation was cancelled.
  const row = await readWorkflowResult(database, generationId);
  if (!row || row.status !== 'processing' || !row.workflowResult) throw waiting.cancelled();
  return workflowResult.parse(row.workflowResult);
}

const readOrNull = (storage: Storage, key: string): Promise<Buffer | null> =>
  readAll(storage, key).catch(() => null);

/**
 * The workflow's result as the webhook provider takes it, the images read back from storage (one that
 * cannot be read counts as not sent). Undefined when no callback came.
 */
export async function outcomeOf(
  storage: Storage,
  result: WorkflowResult,
): Promise<WorkflowOutcome | undefined> {
  switch (result.status) {
    case 'no_callback':
      return undefined;
    case 'not_sent':
      return { status: 'failed', reason: result.reason as FallbackReason };
    case 'failed':
      return { status: 'failed', reason: 'workflow_failed' };
    case 'completed': {
      const scenes = await Promise.all(result.keys.map((key) => readOrNull(storage, key)));
      return { status: 'completed', scenes: scenes.filter((scene) => scene !== null) };
    }
  }
}

/** Stores one downloaded image of a callback. */
export async function storeWorkflowImage(storage: Storage, key: string, bytes: Buffer): Promise<void> {
  await storage.put(key, Readable.from(bytes));
}
