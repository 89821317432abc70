/** The one HTTP client of the web app: JSON in and out, the UI language sent, errors as ApiError. */
import type { ErrorBody, ErrorCode } from '@vitrine/shared/errors';
import i18n from 'i18next';
import { currentLang } from './current-lang';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK_ERROR',
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export async function api<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const response = await send(path, init, 'application/json');
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) throw errorOf(response, body);
  return body as T;
}

/** A request answered with a file (an image): its bytes, or the error the server answered as ApiError. */
export async function apiBlob(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Blob> {
  const response = await send(path, init, 'image/*, application/json');
  if (response.ok) return response.blob();
  const body: unknown = await response.json().catch(() => undefined);
  throw errorOf(response, body);
}

async function send(path: string, init: RequestInit & { json?: unknown }, accept: string): Promise<Response> {
  const { json, headers, ...rest } = init;
  try {
    return await fetch(path, {
      credentials: 'same-origin',
      ...rest,
      headers: {
        accept,
        'accept-language': currentLang(),
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  } catch (error) {
    throw new ApiError(0, 'NETWORK_ERROR', error instanceof Error ? error.message : String(error));
  }
}

function errorOf(response: Response, body: unknown): ApiError {
  const envelope = body as Partial<ErrorBody> | undefined;
  // Not our answer (a proxy's error page while the server restarts, say): said in the page's language.
  const unavailable = response.status === 502 || response.status === 503 || response.status === 504;
  const fallback = unavailable ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_ERROR';
  return new ApiError(
    response.status,
    envelope?.error?.code ?? fallback,
    envelope?.error?.message || i18n.t(`errors.${fallback}`),
    envelope?.error?.fields,
  );
}
