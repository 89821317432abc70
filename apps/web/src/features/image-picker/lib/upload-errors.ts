/**
 * What the user is told when an image upload or import fails (spec section 8, upload messages), and the
 * sanitising of any server text shown with it.
 */
import type { MessageKey } from '@vitrine/shared/i18n/catalog';
import { ApiError } from '../../../lib/api-client';
import type { MessageLine } from '../../../lib/message-line';

export const ERROR_TEXT_MAX_LENGTH = 200;

const SECRET_WORDS = /\b(password|secret|key|token)\b/gi;
const IPV4 = /\b(?:\d{1,3}\.){3}\d{1,3}\b/g;
const IPV6 = /\b(?:[0-9a-f]{1,4}:){3,7}[0-9a-f]{1,4}\b|\b[0-9a-f]{0,4}(?::[0-9a-f]{0,4})*::[0-9a-f:]*\b/gi;
const TOKEN_LIKE = /[A-Za-z0-9+/_-]{32,}={0,2}/g;

/**
 * The spec's sanitising: IP addresses become [IP], long base64-like strings [TOKEN], the words password,
 * secret, key and token are redacted, and the text is cut to 200 characters.
 */
export function sanitizeErrorText(text: string): string {
  return text
    .replace(SECRET_WORDS, '[REDACTED]')
    .replace(IPV4, '[IP]')
    .replace(IPV6, (match) => (match.includes('::') || match.split(':').length >= 4 ? '[IP]' : match))
    .replace(TOKEN_LIKE, '[TOKEN]')
    .slice(0, ERROR_TEXT_MAX_LENGTH);
}

export type UploadFailure = { title: MessageKey; description: MessageLine };

function serverMessage(error: ApiError, fallback: MessageKey): MessageLine {
  const text = sanitizeErrorText(error.message.trim());
  return text ? { text } : { key: fallback };
}

export function uploadFailure(error: unknown): UploadFailure {
  const generic: UploadFailure = { title: 'common.error', description: { key: 'imagePicker.uploadFailed' } };
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'NetworkError')) {
    return { title: 'common.error', description: { key: 'imagePicker.connection' } };
  }
  if (!(error instanceof ApiError)) return generic;
  switch (error.code) {
    case 'NETWORK_ERROR':
    case 'SERVICE_UNAVAILABLE':
      return { title: 'common.error', description: { key: 'imagePicker.connection' } };
    case 'FILE_TOO_LARGE':
    case 'PAYLOAD_TOO_LARGE':
      return { title: 'common.error', description: { key: 'imagePicker.tooLarge' } };
    case 'UNSUPPORTED_MEDIA_TYPE':
      return { title: 'common.error', description: { key: 'imagePicker.typeNotAllowed' } };
    case 'INVALID_FILE':
      return {
        title: 'imagePicker.invalidFile',
        description: serverMessage(error, 'imagePicker.typeNotAllowed'),
      };
    case 'INVALID_IMAGE_URL':
    case 'IMAGE_FETCH_FAILED':
    case 'RATE_LIMITED':
      return { title: 'common.error', description: serverMessage(error, 'imagePicker.uploadFailed') };
    case 'UNAUTHENTICATED':
      return { title: 'errors.UNAUTHENTICATED', description: { key: 'imagePicker.authRequiredDescription' } };
    case 'FORBIDDEN_ORIGIN':
      return { title: 'common.error', description: { key: 'imagePicker.authorization' } };
    default:
      if (error.status === 403)
        return { title: 'common.error', description: { key: 'imagePicker.authorization' } };
      if (error.status === 502 || error.status === 504) {
        return { title: 'common.error', description: { key: 'imagePicker.connection' } };
      }
      return generic;
  }
}
