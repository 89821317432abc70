/** The one error type of the API: a code from the shared list, optional message parameters and details. */
import { ERROR_STATUS, type ErrorCode } from '@vitrine/shared/errors';
import type { MessageKey, MessageParams } from '@vitrine/shared/i18n/catalog';

export type FieldErrors = Record<string, { key: MessageKey; params?: MessageParams }>;

export type AppErrorOptions = {
  params?: MessageParams;
  /** A more precise message than the code's own, e.g. the first invalid field's rule. */
  messageKey?: MessageKey;
  /** Per-field messages, translated when the response is written. */
  fields?: FieldErrors;
  /** Seconds after which the client may try again (429). */
  retryAfterSeconds?: number;
  cause?: unknown;
};

export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    readonly options: AppErrorOptions = {},
  ) {
    super(code, { cause: options.cause });
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }
}
