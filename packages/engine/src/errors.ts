/** The one error type the engine throws on purpose: callers map its code, never its message. */
export const ENGINE_ERROR_CODES = [
  'IMAGE_CORRUPT',
  'IMAGE_TOO_LARGE',
  'IMAGE_TOO_SMALL',
  'IMAGE_UNSUPPORTED',
  'IMAGE_TIMEOUT',
  'INVALID_REQUEST',
  // A text came out in another face than its own, even after the faces were registered again.
  'TEXT_FACE',
] as const;

export type EngineErrorCode = (typeof ENGINE_ERROR_CODES)[number];

export class EngineError extends Error {
  readonly code: EngineErrorCode;

  constructor(code: EngineErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EngineError';
    this.code = code;
  }
}

export function isEngineError(error: unknown): error is EngineError {
  return error instanceof EngineError;
}
