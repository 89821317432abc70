/**
 * "Who am I?" (`GET /api/auth/session`): the signed-in user, their profile and language, and the
 * session's timing, which the browser's idle check follows.
 */
import type { SessionResponse } from '@vitrine/shared/api/auth';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { readLanguage, readProfile } from '../profiles/repository';
import type { CurrentSession } from './session';

export async function sessionResponse(
  { database, config }: { database: Database; config: Config },
  { user, session }: CurrentSession,
): Promise<SessionResponse> {
  return {
    user: {
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      createdAt: new Date(user.createdAt).toISOString(),
      language: await readLanguage(database, user.id),
    },
    profile: await readProfile(database, user.id),
    session: {
      expiresAt: new Date(session.expiresAt).toISOString(),
      idleTimeoutSeconds: config.auth.idleTimeoutSeconds,
      checkIntervalSeconds: config.auth.checkIntervalSeconds,
    },
  };
}
