/**
 * What the automation workflow's callback does (docs/decisions/007): its signature is checked over the
 * raw body, the images it names are downloaded with the safe fetcher and kept in storage, and their
 * keys recorded on the waiting generation (workflow_result), which its render polls. The very same
 * callback sent twice is answered again; one for a generation no longer waiting keeps nothing.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  imageUrlsFrom,
  parseWorkflowCallback,
  verifyCallbackSignature,
  type WorkflowCallback,
} from '@vitrine/engine/providers/webhook';
import { isUuid } from '@vitrine/shared/ids';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Storage } from '../storage/storage';
import { EXTENSION } from '../uploads/image-signature';
import { ImageFetchError, safeFetchImage, type SafeFetchOptions } from '../uploads/safe-fetch';
import { findForCallback, recordWorkflowResult } from './repository';
import {
  callbackDigest,
  removeWorkflowFiles,
  storeWorkflowImage,
  workflowImageKey,
  type WorkflowResult,
} from './workflow';

export type CallbackDeps = {
  database: Database;
  storage: Storage;
  /** The workflow's shared secret (IMAGE_PROVIDER_WEBHOOK_SECRET). */
  secret: string;
  fetchOptions?: SafeFetchOptions | undefined;
  log: FastifyBaseLogger;
};

export type CallbackAnswer = { received: true; duplicate?: true };

const digestOf = (result: unknown) =>
  result && typeof result === 'object' ? (result as { digest?: unknown }).digest : undefined;

/** The callback, once its signature holds and its body is one; 401, 400 otherwise. */
function readCallback(deps: CallbackDeps, raw: Buffer, signature: string | undefined) {
  const check = verifyCallbackSignature(raw, signature, deps.secret);
  if (!check.ok) {
    deps.log.warn({ reason: check.reason }, 'workflow callback refused: bad signature');
    throw new AppError('UNAUTHENTICATED');
  }
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch (error) {
    throw new AppError('INVALID_JSON', { cause: error });
  }
  const parsed = parseWorkflowCallback(body);
  if (!parsed.ok) {
    deps.log.warn({ issues: parsed.issues }, 'workflow callback refused: not a callback');
    throw new AppError('VALIDATION_FAILED');
  }
  // The payload named the owner; a callback naming another one is about nothing we know.
  const claimed = (body as { user_id?: unknown }).user_id;
  return { callback: parsed.callback, claimedUserId: typeof claimed === 'string' ? claimed : undefined };
}

/** Downloads and keeps the callback's images (one that cannot be fetched is left out). */
async function keepImages(
  deps: CallbackDeps,
  callback: WorkflowCallback,
  owner: { generationId: string; userId: string },
  digest: string,
): Promise<WorkflowResult> {
  const fetched = await Promise.all(
    imageUrlsFrom(callback.webhook_data).map((url) =>
      safeFetchImage(url, deps.fetchOptions).catch((error: unknown) => {
        if (!(error instanceof ImageFetchError)) throw error;
        deps.log.warn({ generationId: owner.generationId, reason: error.key }, 'workflow image not fetched');
        return null;
      }),
    ),
  );
  const keys: string[] = [];
  try {
    for (const [index, image] of fetched.entries()) {
      if (!image) continue;
      const key = workflowImageKey(owner.userId, owner.generationId, index, EXTENSION[image.kind]);
      keys.push(key);
      await storeWorkflowImage(deps.storage, key, image.bytes);
    }
  } catch (error) {
    await removeWorkflowFiles(deps.storage, { status: 'completed', keys, digest });
    throw error;
  }
  return { status: 'completed', keys, digest };
}

/**
 * Records the callback on its generation: 200 once recorded (and again for the very same callback),
 * 404 for an unknown generation, 409 for one that is no longer waiting.
 */
export async function receiveWorkflowCallback(
  deps: CallbackDeps,
  raw: Buffer,
  signature: string | undefined,
): Promise<CallbackAnswer> {
  const { database, storage } = deps;
  const { callback, claimedUserId } = readCallback(deps, raw, signature);
  const id = callback.backgroundGenerationId;
  const row = isUuid(id) ? await findForCallback(database, id) : undefined;
  if (!row || (claimedUserId !== undefined && claimedUserId !== row.userId)) throw new AppError('NOT_FOUND');

  const digest = callbackDigest(raw);
  if (digestOf(row.workflowResult) === digest) return { received: true, duplicate: true };
  if (row.status !== 'processing' || row.workflowResult) throw new AppError('GENERATION_NOT_WAITING');

  const result: WorkflowResult =
    callback.status === 'failed'
      ? { status: 'failed', digest }
      : await keepImages(deps, callback, { generationId: id, userId: row.userId }, digest);
  if (!(await recordWorkflowResult(database, id, result))) {
    // Cancelled, timed out or answered meanwhile: nothing of this callback is kept.
    await removeWorkflowFiles(storage, result);
    const now = await findForCallback(database, id);
    if (now && digestOf(now.workflowResult) === digest) return { received: true, duplicate: true };
    throw new AppError('GENERATION_NOT_WAITING');
  }
  deps.log.info(
    {
      generationId: id,
      status: callback.status,
      images: result.status === 'completed' ? result.keys.length : 0,
    },
    'workflow callback received',
  );
  return { received: true };
}
