/**
 * The image provider chosen by configuration. Every provider returns what the local renderers return,
 * with `provider` (and, for a variant rendered locally after a provider failed, `fallback`) added to the
 * metadata. Local is the default; openai and webhook only draw the background: the product is composited
 * and the copy typeset by the local pipeline, and any variant whose scene failed is rendered locally.
 */
import {
  EXPRESS_FORMATS,
  formatsOf,
  FUSION_FORMATS,
  textlessFormat,
  type ExpressFormat,
  type FusionFormat,
  type Size,
} from '@vitrine/shared/api/generation';
import { planExpressVariants, type ExpressPlan } from '../art-direction/express-plan';
import { planFusionVariants } from '../art-direction/plan';
import type { FusionPlan } from '../art-direction/types';
import { isEngineError } from '../errors';
import { mapInFlight } from '../local/parallel';
import { prepareContext, startProduct, type PreparedContext } from '../local/prepare';
import { brandOf, fusionPlans, scenesForFormats } from '../local/requests';
import { variantRenderer, variantsInFlight } from '../local/threads';
import type { ImageProviderConfig, OpenAiProviderConfig, WebhookProviderConfig } from './config';
import { imageSignature, ProviderFailure } from '../http/answers';
import { drawScene } from './openai';
import type {
  ExpressProviderInput,
  Fallback,
  FusionProviderInput,
  Labelled,
  OnVariantRendered,
  ProviderLogger,
  ProviderRenderedExpress,
  ProviderRenderedImage,
  SceneSource,
  WorkflowOutcome,
} from './types';
import {
  sendWorkflow,
  verifyCallbackSignature,
  type ExpressWorkflowPayload,
  type FusionWorkflowPayload,
  type SignatureCheck,
  type WorkflowSendResult,
} from './webhook';

type Renders = {
  renderFusion(input: FusionProviderInput): Promise<ProviderRenderedImage[]>;
  renderExpress(input: ExpressProviderInput): Promise<ProviderRenderedExpress[]>;
};

export type LocalImageProvider = { name: 'local' } & Renders;
export type OpenAiImageProvider = { name: 'openai' } & Renders;
/** Renders once the server has the workflow's outcome; without one, renders locally ('no_callback'). */
export type WebhookImageProvider = {
  name: 'webhook';
  renderFusion(input: FusionProviderInput & { workflow?: WorkflowOutcome }): Promise<ProviderRenderedImage[]>;
  renderExpress(
    input: ExpressProviderInput & { workflow?: WorkflowOutcome },
  ): Promise<ProviderRenderedExpress[]>;
  /** Posts the signed payload to the configured workflow. */
  send(payload: FusionWorkflowPayload | ExpressWorkflowPayload): Promise<WorkflowSendResult>;
  /** Checks a callback's signature header against the configured secret. */
  verify(
    rawBody: string | Buffer,
    header: string | null | undefined,
    options?: { now?: number },
  ): SignatureCheck;
};
export type ImageProvider = LocalImageProvider | OpenAiImageProvider | WebhookImageProvider;

export type ImageProviderOptions = { logger?: ProviderLogger };

/** A background ready to render on, or why there is none. Never rejects. */
type SceneResult =
  { ok: true; scene: PreparedContext; source: SceneSource } | { ok: false; fallback: Fallback };

/**
 * Decodes a provider's image with the same limits as an upload; a bad one is a fallback reason. Only
 * JPEG, PNG, WebP and GIF signatures reach the decoder (never SVG, which can reference other files).
 */
async function decodeScene(image: Buffer, source: SceneSource): Promise<SceneResult> {
  if (!imageSignature(image)) return { ok: false, fallback: { reason: 'invalid_image' } };
  try {
    return { ok: true, scene: await prepareContext(image), source };
  } catch (error) {
    if (!isEngineError(error)) throw error;
    return {
      ok: false,
      fallback: { reason: error.code === 'IMAGE_TOO_LARGE' ? 'too_large' : 'invalid_image' },
    };
  }
}

function openAiScene(config: OpenAiProviderConfig, prompt: string, canvas: Size, signal: AbortSignal) {
  return drawScene(config, prompt, canvas, signal).then(
    ({ image, size, ms }) => decodeScene(image, { source: 'openai', model: config.model, size, ms }),
    (error: unknown): SceneResult => {
      if (error instanceof ProviderFailure) return { ok: false, fallback: error.fallback };
      throw error;
    },
  );
}

/** The workflow's images, one per variant in turn (they repeat when it sent fewer than asked). */
function workflowScenes(outcome: WorkflowOutcome | undefined, count: number): Scenes {
  if (!outcome || outcome.status === 'failed' || outcome.scenes.length === 0) {
    const reason = !outcome ? 'no_callback' : outcome.status === 'failed' ? outcome.reason : 'no_image';
    return Array.from({ length: count }, () => Promise.resolve({ ok: false, fallback: { reason } }));
  }
  const decoded = outcome.scenes.map((image) => decodeScene(image, { source: 'webhook' }));
  return Array.from({ length: count }, (_, i) => decoded[i % decoded.length]!);
}

type Provider = ImageProvider['name'];
/** Per variant: a scene to render on, why there is none (fallback), or null for a plain local render. */
type Scenes = Promise<SceneResult | null>[];

/** Renders each plan on its scene, or locally when there is none, and labels the metadata. */
async function renderEach<Plan extends { variant: number }, R extends { metadata: { steps: string[] } }>(
  provider: Provider,
  plans: Plan[],
  scenes: Scenes,
  onScene: (plan: Plan, scene: PreparedContext) => Promise<R>,
  locally: (plan: Plan, index: number) => Promise<R>,
  logger: ProviderLogger | undefined,
  onVariant: OnVariantRendered | undefined,
  abandon: AbortController,
): Promise<Labelled<R>[]> {
  // Variants in flight as the local renderer runs them (local/threads.ts). Progress counts variants as they
  // finish.
  return mapInFlight(
    plans,
    async (plan, i): Promise<Labelled<R>> => {
      const outcome = await scenes[i]!;
      // Stopped while this variant waited for its scene: render nothing more.
      if (abandon.signal.aborted) throw new Error('render stopped');
      if (!outcome) {
        const rendered = await locally(plan, i);
        return { ...rendered, metadata: { ...rendered.metadata, provider } };
      }
      if (outcome.ok) {
        const rendered = await onScene(plan, outcome.scene);
        const { source, model, size } = outcome.source;
        const steps = [`scene drawn by ${[source, model, size && `(${size})`].filter(Boolean).join(' ')}`];
        return {
          ...rendered,
          metadata: {
            ...rendered.metadata,
            steps: [...steps, ...rendered.metadata.steps],
            provider,
            scene: outcome.source,
          },
        };
      }
      const { fallback } = outcome;
      logger?.warn(
        { provider, variant: plan.variant, ...fallback },
        'image provider gave no usable scene; variant rendered locally',
      );
      const rendered = await locally(plan, i);
      const steps = [`${provider} scene unavailable (${fallback.reason}): local scene`];
      return {
        ...rendered,
        metadata: { ...rendered.metadata, steps: [...steps, ...rendered.metadata.steps], provider, fallback },
      };
    },
    async (done, total) => {
      try {
        await onVariant?.(done, total);
      } catch (error) {
        // The scene requests still running are abandoned at once, so stopping does not wait for them.
        abandon.abort();
        throw error;
      }
    },
    variantsInFlight(),
  );
}

/** Renders each plan, abandoning the scene requests still running if the render stops early. */
async function renderAll<R>(abandon: AbortController, render: () => Promise<R>): Promise<R> {
  try {
    return await render();
  } catch (error) {
    abandon.abort();
    throw error;
  }
}

/**
 * Starts a hosted provider's scenes while the uploads decode, planned before the product is read (from
 * the front unless the user chose). Locally, the plans read how the product was photographed first, as
 * the CLI's do (local/requests.ts). Uploads that do not decode end the request with their EngineError,
 * as they do locally; the scene requests still running are then abandoned, as they are when `onVariant`
 * stops the render.
 *
 * With "every format", each variant is composed again in every other format, laid out anew from the
 * same product, text and scene: a hosted provider draws one scene per variant, for the first format
 * that has a scene, and every format's same variant is set on it.
 */
async function fusionWith(
  provider: Provider,
  input: FusionProviderInput,
  scenesFor: (plans: FusionPlan[], signal: AbortSignal) => Scenes,
  logger: ProviderLogger | undefined,
): Promise<ProviderRenderedImage[]> {
  const abandon = new AbortController();
  const brand = await brandOf(input);
  const formats = formatsOf(input.request, FUSION_FORMATS);
  // A marketplace image has no scene for a provider to draw: it is rendered locally (packshot.ts).
  const sceneFormat = formats.find((format) => !textlessFormat(format));
  const planned = (format: FusionFormat) =>
    planFusionVariants({ ...input.request, format }, undefined, brand);
  const hosted = provider === 'local' || !sceneFormat ? null : planned(sceneFormat);
  const early = hosted && scenesFor(hosted, abandon.signal);
  // Nobody may be left holding a rejected promise if the render stops first.
  for (const scene of early ?? []) scene.catch(() => undefined);
  const [product, contexts] = await Promise.all([
    startProduct(input.product, input.cutout),
    // Decoded just large enough to cover the formats: framing each variant is then a plain crop.
    scenesForFormats(input, formats, brand),
  ]).catch((error: unknown) => {
    abandon.abort();
    throw error;
  });
  const jobs: { format: FusionFormat; plan: FusionPlan; scene: Scenes[number] }[] = [];
  for (const format of formats) {
    const plans = !hosted
      ? await fusionPlans({ ...input.request, format }, product, brand, contexts.get(format))
      : format === sceneFormat
        ? hosted
        : planned(format);
    const scenes = early && !textlessFormat(format) ? early : localScenes(plans);
    plans.forEach((plan, i) => jobs.push({ format, plan, scene: scenes[i]! }));
  }
  const rendered = await renderAll(abandon, () =>
    renderEach(
      provider,
      jobs.map((job) => job.plan),
      jobs.map((job) => job.scene),
      (plan, scene) => variantRenderer.fusionOnScene(plan, product.ready, scene, input.formats),
      (plan, i) => variantRenderer.fusion(plan, product.ready, contexts.get(jobs[i]!.format)!, input.formats),
      logger,
      input.onVariant,
      abandon,
    ),
  );
  return withFormats(rendered, jobs, formats.length > 1);
}

async function expressWith(
  provider: Provider,
  input: ExpressProviderInput,
  scenesFor: (plans: ExpressPlan[], signal: AbortSignal) => Scenes,
  logger: ProviderLogger | undefined,
): Promise<ProviderRenderedExpress[]> {
  const formats = formatsOf(input.request, EXPRESS_FORMATS);
  const brand = await brandOf(input);
  const planned = (format: ExpressFormat) =>
    planExpressVariants({ ...input.request, format }, input.copy, brand);
  const abandon = new AbortController();
  // The chosen format's plans ask for the scenes, and are its own: planned once.
  const own = planned(input.request.format);
  const scenes = scenesFor(own, abandon.signal);
  for (const scene of scenes) scene.catch(() => undefined);
  const jobs = formats.flatMap((format) =>
    (format === input.request.format ? own : planned(format)).map((plan, i) => ({
      format,
      plan,
      scene: scenes[i]!,
    })),
  );
  return renderAll(abandon, async () =>
    withFormats(
      await renderEach(
        provider,
        jobs.map((job) => job.plan),
        jobs.map((job) => job.scene),
        (plan, scene) => variantRenderer.expressOnScene(plan, scene, input.formats),
        (plan) => variantRenderer.express(plan, input.formats),
        logger,
        input.onVariant,
        abandon,
      ),
      jobs,
      formats.length > 1,
    ),
  );
}

/** With several formats, each image's metadata says which it was composed in. */
function withFormats<R extends { metadata: object }, F extends string>(
  rendered: R[],
  jobs: { format: F }[],
  several: boolean,
): R[] {
  if (!several) return rendered;
  return rendered.map((image, i) => ({ ...image, metadata: { ...image.metadata, format: jobs[i]!.format } }));
}

const localScenes = (plans: unknown[]): Scenes => plans.map(() => Promise.resolve(null));

function localProvider(): LocalImageProvider {
  return {
    name: 'local',
    renderFusion: (input) => fusionWith('local', input, localScenes, undefined),
    renderExpress: (input) => expressWith('local', input, localScenes, undefined),
  };
}

function openAiProvider(config: OpenAiProviderConfig, logger?: ProviderLogger): OpenAiImageProvider {
  const scenes = (plans: { prompt: string; canvas: Size }[], signal: AbortSignal) =>
    plans.map((plan) => openAiScene(config, plan.prompt, plan.canvas, signal));
  return {
    name: 'openai',
    renderFusion: (input) => fusionWith('openai', input, scenes, logger),
    renderExpress: (input) => expressWith('openai', input, scenes, logger),
  };
}

function webhookProvider(config: WebhookProviderConfig, logger?: ProviderLogger): WebhookImageProvider {
  return {
    name: 'webhook',
    renderFusion: (input) =>
      fusionWith('webhook', input, (plans) => workflowScenes(input.workflow, plans.length), logger),
    renderExpress: (input) =>
      expressWith('webhook', input, (plans) => workflowScenes(input.workflow, plans.length), logger),
    send: (payload) => sendWorkflow(config.url, config.secret, payload, config.timeoutMs),
    verify: (rawBody, header, options) => verifyCallbackSignature(rawBody, header, config.secret, options),
  };
}

export function createImageProvider(
  config: ImageProviderConfig = { kind: 'local' },
  options: ImageProviderOptions = {},
): ImageProvider {
  switch (config.kind) {
    case 'local':
      return localProvider();
    case 'openai':
      return openAiProvider(config, options.logger);
    case 'webhook':
      return webhookProvider(config, options.logger);
  }
}
