import { APIError } from 'better-auth/api';
import type { ErrorCode } from '@vitrine/shared/errors';
import { AppError } from '../../http/app-error';

/** better-auth's error codes that reach our clients, as ours; anything else is rethrown as it is. */
const CODES: Record<string, ErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: 'INVALID_CREDENTIALS',
  INVALID_PASSWORD: 'INVALID_CREDENTIALS',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  INVALID_TOKEN: 'INVALID_TOKEN',
  TOKEN_EXPIRED: 'INVALID_TOKEN',
  INVALID_EMAIL: 'VALIDATION_FAILED',
  PASSWORD_TOO_SHORT: 'VALIDATION_FAILED',
  PASSWORD_TOO_LONG: 'VALIDATION_FAILED',
};

export function betterAuthCode(error: unknown): string | undefined {
  if (!(error instanceof APIError)) return undefined;
  const code = (error.body as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function toAppError(error: unknown): unknown {
  const code = betterAuthCode(error);
  const mapped = code ? CODES[code] : undefined;
  return mapped ? new AppError(mapped, { cause: error }) : error;
}
