/** Error codes the API answers with, and the HTTP status of each. The message comes from the catalogs. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  INVALID_JSON: 400,
  VALIDATION_FAILED: 400,
  CREDENTIALS_REQUIRED: 400,
  INVALID_FILE: 400,
  INVALID_IMAGE_URL: 400,
  INVALID_TOKEN: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  INSUFFICIENT_CREDITS: 402,
  EMAIL_NOT_VERIFIED: 403,
  FORBIDDEN_ORIGIN: 403,
  GOOGLE_UNAVAILABLE: 404,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  ACTIVE_GENERATION: 409,
  GENERATION_NOT_WAITING: 409,
  GENERATION_NOT_COMPLETED: 409,
  PAYLOAD_TOO_LARGE: 413,
  FILE_TOO_LARGE: 413,
  IMAGE_FETCH_FAILED: 422,
  CUTOUT_EMPTY: 422,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  RESET_EMAIL_FAILED: 502,
  GOOGLE_FAILED: 502,
  PROFILE_SAVE_FAILED: 500,
  SERVICE_UNAVAILABLE: 503,
  GENERATION_START_FAILED: 500,
  CUTOUT_FAILED: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export type ErrorBody = {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && value in ERROR_STATUS;
}
