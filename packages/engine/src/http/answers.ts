/**
 * Reading the answers of hosted models (image providers, the copywriter's text model): a typed
 * failure with a reason safe to store, bounded body reads and image signatures.
 */
/**
 * Why a provider's scene was not used and the variant was rendered locally instead. `http_<status>`
 * for an HTTP error answer; `workflow_failed` when the workflow called back with status failed;
 * `no_callback` when the server stopped waiting for it; `no_image` when it sent no usable image.
 */
export type FallbackReason =
  | 'timeout'
  | 'network'
  | `http_${number}`
  | 'malformed_response'
  | 'invalid_image'
  | 'too_large'
  | 'workflow_failed'
  | 'no_callback'
  | 'no_image';

/** Safe to store and show to operators: never a key, a URL with credentials or a provider's free text. */
export type Fallback = { reason: FallbackReason; status?: number; code?: string; type?: string };

/** A provider call that did not give a usable answer. Its message never holds a key or a provider's text. */
export class ProviderFailure extends Error {
  readonly fallback: Fallback;

  constructor(fallback: Fallback, message: string) {
    super(message);
    this.name = 'ProviderFailure';
    this.fallback = fallback;
  }
}

/** Provider codes and types are short identifiers; anything else is not kept. */
export const identifier = (value: unknown): string | undefined =>
  typeof value === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(value) ? value : undefined;

const isTimeoutSignal = (signal: AbortSignal) =>
  signal.aborted && signal.reason instanceof Error && signal.reason.name === 'TimeoutError';

/** Turns whatever a fetch threw into a ProviderFailure: time limit reached, or the network. */
export function failureOf(error: unknown, signal: AbortSignal): ProviderFailure {
  if (error instanceof ProviderFailure) return error;
  if (isTimeoutSignal(signal))
    return new ProviderFailure({ reason: 'timeout' }, 'no answer within the time limit');
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = identifier(cause?.code);
  return new ProviderFailure(
    { reason: 'network', ...(code && { code }) },
    `network error${code ? ` (${code})` : ''}`,
  );
}

/** Reads a body up to `maxBytes`; a longer one (declared or actual) is refused without reading the rest. */
export async function readCapped(response: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new ProviderFailure({ reason: 'too_large' }, `answer of ${declared} bytes is over ${maxBytes}`);
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response.body) {
    total += chunk.byteLength;
    if (total > maxBytes) {
      await response.body.cancel().catch(() => undefined);
      throw new ProviderFailure({ reason: 'too_large' }, `answer over ${maxBytes} bytes`);
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks, total);
}

/** The formats the engine decodes, by their first bytes. */
export function imageSignature(bytes: Buffer): 'jpeg' | 'png' | 'webp' | 'gif' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  if (/^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'gif';
  return null;
}
