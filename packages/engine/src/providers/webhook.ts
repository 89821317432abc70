/**
 * The automation-workflow provider (spec section 7), asynchronous. How the server uses it:
 *
 * 1. When a generation starts: `buildWorkflowPayload(...)` with the uploads' public URLs, then
 *    `sendWorkflow(url, secret, payload, timeoutMs)`. A failed send is a fallback reason: render locally.
 * 2. The workflow answers later by POSTing to the server's callback route. The route reads the raw body,
 *    checks `verifyCallbackSignature(rawBody, header, secret)` (refusing with 401 otherwise), then
 *    `parseWorkflowCallback(JSON.parse(rawBody))` (400 when it fails) and looks the generation up by
 *    `backgroundGenerationId`, scoped to its owner, ignoring a callback for one already finished.
 * 3. `imageUrlsFrom(callback.webhook_data)` gives the https image URLs in the spec's order; the server
 *    downloads them with its own safe fetcher and hands the bytes to the webhook provider's render
 *    (`WorkflowOutcome`), which composites the product and typesets the copy on them. A `failed`
 *    callback, no usable image, or no callback in time renders locally with that reason recorded.
 *
 * Both directions are signed alike: `X-Vitrine-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>" with the shared secret>`. Several v1 entries are accepted, for a secret rotation.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  EXPRESS_FORMAT_SIZES,
  FUSION_FIXED_VALUES,
  FUSION_FORMAT_SIZES,
  type ExpressRequest,
  type FusionRequest,
  type Size,
} from '@vitrine/shared/api/generation';
import { URL_MAX_LENGTH } from '@vitrine/shared/validation/fields';
import { failureOf, ProviderFailure, readCapped } from '../http/answers';
import type { Fallback } from './types';

export const SIGNATURE_HEADER = 'X-Vitrine-Signature';
export const DEFAULT_TOLERANCE_SECONDS = 300;
/** The spec's Express generation type: `{product}_express`. */
export const EXPRESS_GENERATION_TYPE = 'vitrine_express';
/** More images than a request has variants is never needed; a longer list is cut. */
export const MAX_CALLBACK_IMAGES = 8;

/** The spec's size map for the webhook, with its default. */
const WEBHOOK_DEFAULT_SIZE: Size = { width: 1080, height: 1080 };

const named = (name: string, size: Size | undefined) => {
  const { width, height } = size ?? WEBHOOK_DEFAULT_SIZE;
  return `${name} ${width}x${height}`;
};

export type FusionWorkflowPayload = {
  imageProduit: string;
  imageContexte: string;
  positionProduit: FusionRequest['position'];
  styleRendu: FusionRequest['style'];
  paletteCouleur: FusionRequest['palette'];
  sloganPrincipal: string;
  taglineSecondaire: string;
  /** "What is it?", sent only when the user wrote it (not a field of the spec's payload). */
  nomProduit?: string;
  /** How the product was photographed, sent only when the user chose it (not a field of the spec's payload). */
  vueProduit?: 'de face' | 'du dessus';
  /**
   * The ready-made scene chosen instead of a context photo (not a field of the spec's payload);
   * `imageContexte` is then that scene's image.
   */
  decor?: string;
  /** The light chosen in the form ("Lumière"), sent only when chosen (not a field of the spec's payload). */
  lumiere?: { angle: number; douceur: number; intensite: number };
  /** The reflection switched on or off, sent only when chosen (not a field of the spec's payload). */
  reflet?: 'oui' | 'non';
  styleTypo: FusionRequest['typography'];
  formatImage: string;
  /**
   * "Every format", sent only when asked (not a field of the spec's payload): the images come back in
   * `formatImage`, then again in every other format.
   */
  tousFormats?: true;
  backgroundGenerationId: string;
  user_id: string;
} & typeof FUSION_FIXED_VALUES;

export type ExpressWorkflowPayload = {
  style: ExpressRequest['style'];
  format: string;
  description?: string;
  /** "What is it?", sent only when the user wrote it (as Fusion's; not a field of the spec's payload). */
  nomProduit?: string;
  /** "Every format", sent only when asked (as Fusion's; not a field of the spec's payload). */
  tousFormats?: true;
  user_id: string;
  generation_type: typeof EXPRESS_GENERATION_TYPE;
  backgroundGenerationId: string;
};

type Ids = { backgroundGenerationId: string; userId: string };
export type WorkflowInput =
  | ({
      mode: 'fusion';
      request: FusionRequest;
      productUrl: string;
      contextUrl: string;
      /** The ready-made scene whose image `contextUrl` is, when one was chosen. */
      sceneId?: string;
    } & Ids)
  | ({ mode: 'express'; request: ExpressRequest } & Ids);

export function buildWorkflowPayload(input: WorkflowInput & { mode: 'fusion' }): FusionWorkflowPayload;
export function buildWorkflowPayload(input: WorkflowInput & { mode: 'express' }): ExpressWorkflowPayload;
export function buildWorkflowPayload(input: WorkflowInput): FusionWorkflowPayload | ExpressWorkflowPayload;
export function buildWorkflowPayload(input: WorkflowInput): FusionWorkflowPayload | ExpressWorkflowPayload {
  if (input.mode === 'fusion') {
    const { request } = input;
    return {
      imageProduit: input.productUrl,
      imageContexte: input.contextUrl,
      positionProduit: request.position,
      styleRendu: request.style,
      paletteCouleur: request.palette,
      sloganPrincipal: request.slogan ?? '',
      taglineSecondaire: request.tagline ?? '',
      ...(request.productName && { nomProduit: request.productName }),
      ...(request.productView &&
        request.productView !== 'automatique' && { vueProduit: request.productView }),
      ...(input.sceneId && { decor: input.sceneId }),
      ...(request.light && {
        lumiere: {
          angle: request.light.angle,
          douceur: request.light.softness,
          intensite: request.light.strength,
        },
      }),
      ...(request.reflection && request.reflection !== 'automatique' && { reflet: request.reflection }),
      styleTypo: request.typography,
      formatImage: named(request.format, FUSION_FORMAT_SIZES[request.format]),
      ...(request.everyFormat && { tousFormats: true }),
      ...FUSION_FIXED_VALUES,
      backgroundGenerationId: input.backgroundGenerationId,
      user_id: input.userId,
    };
  }
  const { request } = input;
  const description = request.description?.trim();
  return {
    style: request.style,
    format: named(request.format, EXPRESS_FORMAT_SIZES[request.format]),
    ...(description && { description }),
    ...(request.productName && { nomProduit: request.productName }),
    ...(request.everyFormat && { tousFormats: true }),
    user_id: input.userId,
    generation_type: EXPRESS_GENERATION_TYPE,
    backgroundGenerationId: input.backgroundGenerationId,
  };
}

const hmac = (secret: string, timestamp: number, rawBody: string | Buffer) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');

/** The signature header for a body, at `timestamp` (unix seconds). */
export function signWorkflowBody(rawBody: string | Buffer, secret: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, rawBody)}`;
}

export type WorkflowSendResult = { ok: true; status: number; ms: number } | { ok: false; fallback: Fallback };

/** Answers to the send are acknowledgements: the bytes are read only to free the connection. */
const MAX_ACK_BYTES = 64 * 1024;

export async function sendWorkflow(
  url: string,
  secret: string,
  payload: FusionWorkflowPayload | ExpressWorkflowPayload,
  timeoutMs: number,
  { now = Date.now() }: { now?: number } = {},
): Promise<WorkflowSendResult> {
  const started = performance.now();
  const signal = AbortSignal.timeout(timeoutMs);
  const rawBody = JSON.stringify(payload);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        [SIGNATURE_HEADER]: signWorkflowBody(rawBody, secret, Math.floor(now / 1000)),
      },
      body: rawBody,
      signal,
      redirect: 'error',
    });
    await readCapped(response, MAX_ACK_BYTES).catch((error: unknown) => {
      if (!(error instanceof ProviderFailure)) throw error;
    });
    if (!response.ok) {
      return { ok: false, fallback: { reason: `http_${response.status}`, status: response.status } };
    }
    return { ok: true, status: response.status, ms: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, fallback: failureOf(error, signal).fallback };
  }
}

export type SignatureCheck =
  { ok: true; timestamp: number } | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'mismatch' };

const HEX_SHA256 = /^[0-9a-f]{64}$/;

export function verifyCallbackSignature(
  rawBody: string | Buffer,
  header: string | null | undefined,
  secret: string,
  {
    toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
    now = Date.now(),
  }: { toleranceSeconds?: number; now?: number } = {},
): SignatureCheck {
  if (!header) return { ok: false, reason: 'missing' };
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value, ...rest] = part.trim().split('=');
    if (!key || value === undefined || rest.length) return { ok: false, reason: 'malformed' };
    if (key === 't') {
      if (timestamp !== undefined || !/^\d{1,12}$/.test(value)) return { ok: false, reason: 'malformed' };
      timestamp = Number(value);
    } else if (key === 'v1') {
      if (!HEX_SHA256.test(value)) return { ok: false, reason: 'malformed' };
      signatures.push(value);
    }
  }
  if (timestamp === undefined || signatures.length === 0) return { ok: false, reason: 'malformed' };
  if (Math.abs(Math.floor(now / 1000) - timestamp) > toleranceSeconds) return { ok: false, reason: 'stale' };
  const expected = Buffer.from(hmac(secret, timestamp, rawBody), 'hex');
  // Every candidate is compared, in constant time each, whether or not an earlier one matched.
  let match = false;
  for (const signature of signatures) {
    if (timingSafeEqual(expected, Buffer.from(signature, 'hex'))) match = true;
  }
  return match ? { ok: true, timestamp } : { ok: false, reason: 'mismatch' };
}

export const workflowCallback = z.object({
  backgroundGenerationId: z.string().trim().min(1).max(128),
  status: z.enum(['completed', 'failed']),
  error: z.string().max(1000).optional(),
  webhook_data: z.unknown().optional(),
});
export type WorkflowCallback = z.output<typeof workflowCallback>;

export type CallbackParse = { ok: true; callback: WorkflowCallback } | { ok: false; issues: string[] };

export function parseWorkflowCallback(body: unknown): CallbackParse {
  const parsed = workflowCallback.safeParse(body);
  if (parsed.success) return { ok: true, callback: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`),
  };
}

function httpsUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > URL_MAX_LENGTH) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

const record = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

const httpsList = (values: unknown[]) => [...new Set(values.filter(httpsUrl))].slice(0, MAX_CALLBACK_IMAGES);

/**
 * The images of a callback in the spec's order: selectedImage, imageUrl, allImages (all of them, first
 * first), image_url, or webhook_data itself being an array. The first of these that holds an https URL
 * wins; anything else (http, data:, credentials in the URL, not a string) is not an image URL.
 */
export function imageUrlsFrom(webhookData: unknown): string[] {
  if (Array.isArray(webhookData)) return httpsList(webhookData);
  const data = record(webhookData);
  if (!data) return [];
  if (httpsUrl(data.selectedImage)) return [data.selectedImage];
  if (httpsUrl(data.imageUrl)) return [data.imageUrl];
  if (Array.isArray(data.allImages)) {
    const all = httpsList(data.allImages);
    if (all.length) return all;
  }
  if (httpsUrl(data.image_url)) return [data.image_url];
  return [];
}
