/** The toast for a generation that could not start (spec section 8, generation messages). */
import type { MessageKey } from '@vitrine/shared/i18n/catalog';
import { ApiError } from '../../../lib/api-client';
import type { MessageLine } from '../../../lib/message-line';

export type StartErrorKind =
  'credits' | 'active' | 'unavailable' | 'auth' | 'refused' | 'failed' | 'unexpected';

export function startErrorKind(error: unknown): StartErrorKind {
  if (!(error instanceof ApiError)) return 'unexpected';
  switch (error.code) {
    case 'INSUFFICIENT_CREDITS':
      return 'credits';
    case 'ACTIVE_GENERATION':
      return 'active';
    case 'SERVICE_UNAVAILABLE':
      return 'unavailable';
    case 'UNAUTHENTICATED':
      return 'auth';
    // RATE_LIMITED: too many starts in a short time (decision 021); the server says how long to wait.
    case 'VALIDATION_FAILED':
    case 'NOT_FOUND':
    case 'RATE_LIMITED':
      return 'refused';
    case 'GENERATION_START_FAILED':
      return 'failed';
    default:
      return 'unexpected';
  }
}

export type StartErrorToast = { kind: StartErrorKind; title: MessageKey; description: MessageLine };

/** The server's message when it has one (it is already in the user's language), else the fallback. */
function serverText(error: unknown, fallback: MessageKey): MessageLine {
  if (error instanceof ApiError && error.code !== 'NETWORK_ERROR' && error.message.trim()) {
    const fields = Object.values(error.fields);
    return { text: fields[0] ?? error.message.trim() };
  }
  return { key: fallback };
}

export function startErrorToast(error: unknown): StartErrorToast {
  const kind = startErrorKind(error);
  switch (kind) {
    case 'credits':
      return {
        kind,
        title: 'generate.insufficientCredits',
        description: serverText(error, 'errors.INSUFFICIENT_CREDITS'),
      };
    case 'active':
      return {
        kind,
        title: 'generate.activeGeneration',
        description: serverText(error, 'errors.ACTIVE_GENERATION'),
      };
    case 'unavailable':
      return {
        kind,
        title: 'generate.apiUnavailable',
        description: { key: 'generate.apiUnavailableDescription' },
      };
    case 'auth':
      return { kind, title: 'errors.UNAUTHENTICATED', description: { key: 'generate.signInRequired' } };
    case 'refused':
      return {
        kind,
        title: 'generate.startFailed',
        description: serverText(error, 'errors.VALIDATION_FAILED'),
      };
    case 'failed':
      return { kind, title: 'common.error', description: { key: 'generate.startFailed' } };
    case 'unexpected':
      return {
        kind,
        title: 'generate.unexpectedTitle',
        description: {
          key:
            error instanceof ApiError && error.code === 'NETWORK_ERROR'
              ? 'generate.connectionError'
              : 'generate.unexpectedDescription',
        },
      };
  }
}
