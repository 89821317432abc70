/** What every provider returns: the local renderers' results, plus who drew the scene and any fallback. */
import type {
  ExpressFormat,
  ExpressRequest,
  FusionFormat,
  FusionRequest,
} from '@vitrine/shared/api/generation';
import type { BrandInput } from '../brand/types';
import type { ExpressCopy } from '../copy/types';
import type { ProductCutoutInput } from '../cutout/run';
import type { RenderFormat } from '../local/encode';
import type { SceneChoice } from '../local/requests';
import type { ExpressMetadata, RenderedExpress } from '../local/express/render-express';
import type { RenderedImage, RenderMetadata } from '../local/fusion/render-fusion';
import type { Fallback, FallbackReason } from '../http/answers';
import type { ImageProviderName } from './config';

// Why a variant was rendered locally is part of what a provider returns: its callers read it here.
export type { Fallback, FallbackReason } from '../http/answers';

/** Where the background came from when a provider drew it. */
export type SceneSource = {
  source: 'openai' | 'webhook';
  model?: string;
  size?: string;
  /** Time spent waiting for the provider, in milliseconds. */
  ms?: number;
};

export type ProviderFields = {
  provider: ImageProviderName;
  fallback?: Fallback;
  scene?: SceneSource;
  /** With "every format": the format this image was composed in. */
  format?: FusionFormat | ExpressFormat;
};

/** A local result with the provider's fields added to its metadata. */
export type Labelled<R extends { metadata: object }> = Omit<R, 'metadata'> & {
  metadata: R['metadata'] & ProviderFields;
};

export type ProviderRenderMetadata = RenderMetadata & ProviderFields;
export type ProviderExpressMetadata = ExpressMetadata & ProviderFields;
export type ProviderRenderedImage = Labelled<RenderedImage>;
export type ProviderRenderedExpress = Labelled<RenderedExpress>;

/**
 * Called after each variant is rendered, with how many are done out of how many. Rendering waits for it;
 * if it throws (e.g. because the generation was cancelled), the render stops with that error and any
 * scene request still running is abandoned.
 */
export type OnVariantRendered = (done: number, total: number) => Promise<void> | void;

/**
 * The scene a Fusion request renders on: the context photo uploaded, as received (decoded and checked
 * by the engine), or the id of a ready-made scene of the catalogue (local/scenes.ts).
 */
export type FusionSceneInput = SceneChoice;

export type FusionProviderInput = FusionSceneInput & {
  request: FusionRequest;
  /** The product upload, as received: decoded and checked by the engine. */
  product: Buffer;
  /** The product's cut-out as the user checked it (a stored mask or the whole photo), or how to find it. */
  cutout?: ProductCutoutInput;
  formats?: RenderFormat[];
  onVariant?: OnVariantRendered;
  /** The shop's brand kit, applied to every variant (brand/types.ts); absent, none. */
  brand?: BrandInput | null;
};

export type ExpressProviderInput = {
  request: ExpressRequest;
  /** The copy the server's copywriter wrote; without it the local copywriter writes it. */
  copy?: ExpressCopy | null;
  formats?: RenderFormat[];
  onVariant?: OnVariantRendered;
  /** The shop's brand kit, applied to every variant (brand/types.ts); absent, none. */
  brand?: BrandInput | null;
};

/**
 * What the automation workflow answered, once the server has its callback: the images it returned,
 * already fetched by the server, or why there are none.
 */
export type WorkflowOutcome =
  { status: 'completed'; scenes: readonly Buffer[] } | { status: 'failed'; reason: FallbackReason };

/** pino-compatible: `logger.warn({ ...details }, message)`. */
export type ProviderLogger = { warn(details: Record<string, unknown>, message: string): void };
