/** The one error type of the API: a code from the shared list, optional message parameters and details. */
import { ERROR_STATUS, type ErrorCode } from '@vitrine/shared/errors';
import type { MessageParams } from '@vitrine/shared/i18n/catalog';

export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    readonly options: { params?: MessageParams; details?: unknown; cause?: unknown } = {},
  ) {
    super(code, { cause: options.cause });
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }
}
