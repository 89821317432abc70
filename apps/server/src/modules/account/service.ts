/**
 * Deleting an account (docs/decisions/072): checked first (the address typed, the password or a recent
 * sign-in, no plan that renews, the storage reachable), then the user is deleted by better-auth (every
 * row of theirs goes with it, by the schema's cascades), then every file under their storage prefix.
 * A file the storage fails to remove is left to the history retention job, which finishes the work
 * (deleted_owners).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DeleteAccountInput } from '@vitrine/shared/api/account';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { forwardCookies, requestHeaders } from '../../http/web-request';
import { betterAuthCode, toAppError } from '../auth/errors';
import type { CurrentSession } from '../auth/session';
import { hit } from '../rate-limit/limiter';
import { probeStorage, type Storage } from '../storage/storage';
import { filesRemoved, hasPassword, hasRenewingPlan, markFilesPending } from './repository';

/** Attempts per account: enough for typing mistakes, too few to guess a password. */
const DELETE_LIMIT = { max: 5, windowSeconds: 900 };

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Everything that must hold before anything is deleted; throws the first that does not. */
async function checkDeletion(
  deps: { database: Database; storage: Storage },
  { user }: CurrentSession,
  input: DeleteAccountInput,
): Promise<{ password?: string }> {
  await hit(deps.database, `deleteAccount:user:${user.id}`, DELETE_LIMIT);
  if (!sameAddress(input.email, user.email))
    throw new AppError('VALIDATION_FAILED', { fields: { email: { key: 'account.delete.emailMismatch' } } });
  const withPassword = await hasPassword(deps.database, user.id);
  if (withPassword && !input.password)
    throw new AppError('VALIDATION_FAILED', {
      fields: { password: { key: 'account.delete.passwordRequired' } },
    });
  if (await hasRenewingPlan(deps.database, user.id)) throw new AppError('SUBSCRIPTION_ACTIVE');
  try {
    await probeStorage(deps.storage);
  } catch (error) {
    throw new AppError('SERVICE_UNAVAILABLE', { messageKey: 'errors.storageUnavailable', cause: error });
  }
  return withPassword ? { password: input.password! } : {};
}

/** Removes every file of the owner; false when the storage failed (the rest is left to retention). */
export async function removeOwnerFiles(storage: Storage, owner: string): Promise<boolean> {
  if (!storage.list) return false;
  try {
    for await (const key of storage.list(owner)) await storage.remove(key);
    return true;
  } catch {
    return false;
  }
}

export async function deleteAccount(
  request: FastifyRequest,
  reply: FastifyReply,
  current: CurrentSession,
  input: DeleteAccountInput,
): Promise<void> {
  const { database, storage, auth } = request.server.deps;
  const body = await checkDeletion({ database, storage }, current, input);
  const userId = current.user.id;
  // Marked first: whatever happens once the user is gone (a crash, the storage away), the retention
  // job finds the files to remove. The mark goes again if the user is not deleted.
  await markFilesPending(database, userId);
  try {
    const { headers } = await auth.api.deleteUser({
      headers: requestHeaders(request),
      body,
      returnHeaders: true,
    });
    forwardCookies(headers, reply);
  } catch (error) {
    await filesRemoved(database, userId);
    const code = betterAuthCode(error);
    if (code === 'SESSION_EXPIRED') throw new AppError('REAUTH_REQUIRED', { cause: error });
    // Said under the password field.
    if (code === 'INVALID_PASSWORD')
      throw new AppError('INVALID_CREDENTIALS', {
        fields: { password: { key: 'account.delete.wrongPassword' } },
        cause: error,
      });
    throw toAppError(error);
  }
  request.server.sessionEnds.emit({ userId });
  if (await removeOwnerFiles(storage, userId)) await filesRemoved(database, userId);
  else request.log.warn({ userId }, 'account deleted; some of its files are left for the retention job');
}
