/**
 * Turns every error into the API's envelope, {"error":{"code","message"}}, with the message in the
 * request's language. Fastify's own errors (bad JSON, wrong content type, body too large) are mapped to
 * our codes so a client never sees a raw framework message or a 500 for its own mistake.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@vitrine/shared/errors';
import { translate, type MessageKey } from '@vitrine/shared/i18n/catalog';
import { AppError, type AppErrorOptions } from './app-error';
import { requestLang } from './request-lang';
import { takesFile } from './input-guard';

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
};

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`
    : `${Math.round(bytes / 1024)} KB`;
}

type Classified = { code: ErrorCode } & Pick<
  AppErrorOptions,
  'params' | 'messageKey' | 'fields' | 'retryAfterSeconds'
>;

function classify(error: FastifyError | AppError, bodyLimit: number): Classified {
  if (error instanceof AppError) return { code: error.code, ...error.options };
  const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (mapped === 'PAYLOAD_TOO_LARGE') return { code: mapped, params: { limit: formatBytes(bodyLimit) } };
  if (mapped) return { code: mapped };
  // JSON.parse failures surface as a SyntaxError with status 400.
  if (error instanceof SyntaxError && error.statusCode === 400) return { code: 'INVALID_JSON' };
  if (error.statusCode === 413)
    return { code: 'PAYLOAD_TOO_LARGE', params: { limit: formatBytes(bodyLimit) } };
  if (error.statusCode === 415) return { code: 'UNSUPPORTED_MEDIA_TYPE' };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return { code: 'BAD_REQUEST' };
  return { code: 'INTERNAL_ERROR' };
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  options: Omit<Classified, 'code'> = {},
) {
  const lang = requestLang(request);
  const key: MessageKey = options.messageKey ?? `errors.${code}`;
  const body: ErrorBody = { error: { code, message: translate(lang, key, options.params) } };
  if (options.fields) {
    body.error.fields = Object.fromEntries(
      Object.entries(options.fields).map(([field, f]) => [field, translate(lang, f.key, f.params)]),
    );
  }
  if (options.retryAfterSeconds) reply.header('retry-after', String(options.retryAfterSeconds));
  return reply.status(ERROR_STATUS[code]).type('application/json; charset=utf-8').send(body);
}

export function installErrorHandler(app: FastifyInstance, bodyLimit: number) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    // A route may hold a smaller limit than the app's (the editor's documents).
    const { code, ...options } = classify(error, request.routeOptions?.bodyLimit ?? bodyLimit);
    // A route that takes a file says so instead of asking for JSON.
    if (code === 'UNSUPPORTED_MEDIA_TYPE' && takesFile(request)) options.messageKey = 'uploads.sendAsFile';
    if (ERROR_STATUS[code] >= 500) request.log.error({ err: error }, 'request failed');
    return sendError(request, reply, code, options);
  });
}

/**
 * Errors Fastify meets before any route: an address that is not valid percent-encoding (a bad request),
 * or a path segment longer than any id (no such thing exists).
 */
export function frameworkErrorCode(error: FastifyError): 'NOT_FOUND' | 'BAD_REQUEST' {
  return error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'NOT_FOUND' : 'BAD_REQUEST';
}
