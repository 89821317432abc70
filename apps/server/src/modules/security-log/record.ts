/**
 * security_logs (spec section 3): who did what, how risky, from which browser. Never a password, token
 * or link: callers pass a short description, and URLs are recorded without their query string.
 */
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { insert } from './repository';

export type RiskLevel = 'low' | 'medium' | 'high';

export type SecurityEvent =
  | 'sign_up'
  | 'sign_in'
  | 'sign_in_failed'
  | 'sign_out'
  | 'email_verified'
  | 'password_reset_requested'
  | 'password_reset_completed'
  | 'session_invalid'
  | 'profile_updated';

export type RequestMeta = { userAgent: string | null; path: string | null };

export function requestMeta(request: FastifyRequest): RequestMeta {
  return { userAgent: request.headers['user-agent'] ?? null, path: request.url.split('?')[0] ?? null };
}

export async function recordSecurityEvent(
  database: Database,
  meta: RequestMeta,
  event: { type: SecurityEvent; userId?: string | null; riskLevel: RiskLevel; details: string },
): Promise<void> {
  const userAgent = meta.userAgent?.slice(0, 512) ?? null;
  const details = {
    details: event.details,
    riskLevel: event.riskLevel,
    timestamp: new Date().toISOString(),
    userAgent,
    url: meta.path?.split('?')[0] ?? null,
  };
  await insert(database, { userId: event.userId ?? null, type: event.type, details, userAgent });
}
