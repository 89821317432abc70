import { ApiError } from './api-client';

/**
 * The server's own (already translated) message, as a toast's second line: only when it adds something
 * to the title, and never a raw network error text.
 */
export function errorDescription(error: unknown, title: string): string | undefined {
  if (!(error instanceof ApiError) || error.code === 'NETWORK_ERROR') return undefined;
  const message = error.message.trim();
  return message && message.replace(/[.!\s]+$/, '') !== title.replace(/[.!\s]+$/, '') ? message : undefined;
}
