/**
 * The OpenAI-compatible image API as a scene painter: POST {base}/images/generations with the plan's
 * prompt, and back come the bytes of one background image, or a ProviderFailure saying why not.
 */
import { z } from 'zod';
import type { Size } from '@vitrine/shared/api/generation';
import type { OpenAiProviderConfig } from './config';
import { failureOf, identifier, imageSignature, ProviderFailure, readCapped } from '../http/answers';

/** The sizes gpt-image-1 draws. */
export const OPENAI_IMAGE_SIZES = ['1024x1024', '1024x1536', '1536x1024'] as const;
export type OpenAiImageSize = (typeof OPENAI_IMAGE_SIZES)[number];

/** A 1536x1024 PNG is a few megabytes; its base64 a third more. Anything far beyond is not an image answer. */
const MAX_IMAGE_BYTES = 25 * 1024 * 1024;
const MAX_JSON_BYTES = Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 64 * 1024;

/** The supported size whose aspect ratio is closest to the canvas's (compared as logarithms). */
export function imageSizeFor(canvas: Size): OpenAiImageSize {
  const aspect = Math.log(canvas.width / canvas.height);
  let best: OpenAiImageSize = OPENAI_IMAGE_SIZES[0];
  for (const size of OPENAI_IMAGE_SIZES) {
    const [w, h] = size.split('x').map(Number) as [number, number];
    const [bw, bh] = best.split('x').map(Number) as [number, number];
    if (Math.abs(Math.log(w / h) - aspect) < Math.abs(Math.log(bw / bh) - aspect)) best = size;
  }
  return best;
}

const imagesResponse = z.object({
  data: z
    .array(z.object({ b64_json: z.string().min(1).optional(), url: z.string().min(1).optional() }))
    .min(1),
});

const errorResponse = z.object({
  error: z.object({ type: z.unknown().optional(), code: z.unknown().optional() }).loose(),
});

export type DrawnScene = { image: Buffer; size: OpenAiImageSize; ms: number };

export async function drawScene(
  config: OpenAiProviderConfig,
  prompt: string,
  canvas: Size,
  /** Abandons the request early, e.g. when the uploads turned out not to decode. */
  abandon?: AbortSignal,
): Promise<DrawnScene> {
  const started = performance.now();
  const timeout = AbortSignal.timeout(config.timeoutMs);
  const signal = abandon ? AbortSignal.any([timeout, abandon]) : timeout;
  const size = imageSizeFor(canvas);
  try {
    const response = await fetch(`${config.baseUrl}/images/generations`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${config.apiKey}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: JSON.stringify({ model: config.model, prompt, n: 1, size }),
      signal,
      redirect: 'error',
    });
    const body = await readCapped(response, MAX_JSON_BYTES);
    if (!response.ok) throw httpFailure(response.status, body);
    const image = await imageFrom(parseJson(body), config.baseUrl, signal);
    if (!imageSignature(image)) {
      throw new ProviderFailure(
        { reason: 'invalid_image' },
        'the image API answered with bytes that are not an image',
      );
    }
    return { image, size, ms: Math.round(performance.now() - started) };
  } catch (error) {
    throw failureOf(error, signal);
  }
}

/** The API's error shape is `{ error: { message, type, code } }`; the message is not kept (it may quote the key). */
function httpFailure(status: number, body: Buffer): ProviderFailure {
  let code: string | undefined;
  let type: string | undefined;
  try {
    const parsed = errorResponse.safeParse(JSON.parse(body.toString('utf8')));
    if (parsed.success) {
      code = identifier(parsed.data.error.code);
      type = identifier(parsed.data.error.type);
    }
  } catch {
    // A proxy's HTML error page: the status says enough.
  }
  return new ProviderFailure(
    { reason: `http_${status}`, status, ...(code && { code }), ...(type && { type }) },
    `the image API answered ${status}${code ? ` (${code})` : ''}`,
  );
}

function parseJson(body: Buffer): z.output<typeof imagesResponse> {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    throw new ProviderFailure({ reason: 'malformed_response' }, 'the image API answered with invalid JSON');
  }
  const parsed = imagesResponse.safeParse(json);
  if (!parsed.success) {
    throw new ProviderFailure({ reason: 'malformed_response' }, 'the image API answer holds no image');
  }
  return parsed.data;
}

async function imageFrom(
  answer: z.output<typeof imagesResponse>,
  baseUrl: string,
  signal: AbortSignal,
): Promise<Buffer> {
  const [first] = answer.data;
  if (first?.b64_json) {
    if (!/^[A-Za-z0-9+/]+={0,2}\s*$/.test(first.b64_json)) {
      throw new ProviderFailure({ reason: 'malformed_response' }, 'b64_json is not base64');
    }
    return Buffer.from(first.b64_json, 'base64');
  }
  if (!first?.url || !downloadable(first.url, baseUrl)) {
    throw new ProviderFailure({ reason: 'malformed_response' }, 'the image API answer holds no usable image');
  }
  // The image links are pre-signed: the key is never sent to them.
  const response = await fetch(first.url, { signal, redirect: 'error' });
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new ProviderFailure(
      { reason: `http_${response.status}`, status: response.status },
      `the image download answered ${response.status}`,
    );
  }
  return readCapped(response, MAX_IMAGE_BYTES);
}

/** An https link, or one on the API's own origin (a self-hosted compatible server on plain http). */
function downloadable(link: string, baseUrl: string): boolean {
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.origin === new URL(baseUrl).origin;
  } catch {
    return false;
  }
}
