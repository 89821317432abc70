/**
 * How the worker turns a generation request into images: the image provider chosen by IMAGE_PROVIDER
 * (docs/decisions/007), one variant at a time, so progress can be reported and a cancelled generation
 * stops between variants. The engine (and sharp) load on first use, which keeps them out of the
 * start-up path.
 */
import type { ImageTextArea } from '@vitrine/shared/api/generations';
import type { StoredTextLayer } from '@vitrine/shared/api/text-layers';
import type { ExpressRequest, FusionRequest } from '@vitrine/shared/api/generation';
import type { ExpressCopy } from '@vitrine/engine/copy/types';
import type { SaliencyModelConfig } from '@vitrine/engine/cutout/model';
import type { StoredCutout } from '@vitrine/engine/cutout/run';
import type { FaceReport } from '@vitrine/engine/local/text/face-check';
import type { TextLayer as EngineTextLayer } from '@vitrine/engine/local/text/layers';
import type { ImageProviderConfig, ImageProviderName } from '@vitrine/engine/providers/config';
import type {
  Fallback,
  FusionProviderInput,
  FusionSceneInput,
  ProviderFields,
  ProviderLogger,
  SceneSource,
  WorkflowOutcome,
} from '@vitrine/engine/providers/types';
import { renderDuration, timed } from '../metrics/metrics';

/** Who drew a variant's background, and why the local engine did when another provider was asked. */
export type VariantEngine = { provider: ImageProviderName; fallback?: Fallback; scene?: SceneSource };

export type RenderedVariant = {
  jpeg: Buffer;
  width: number;
  height: number;
  /** With "every format", the format it was composed in; absent, the request's. */
  format?: string;
  metadata: unknown;
  engine?: VariantEngine;
  /** Fusion: how the product was cut out (or why the photo was framed), and the engine's confidence. */
  cutout?: VariantCutout;
  /**
   * Fusion: how the product is shown (standing, or seen from above), as chosen, read from its photo or,
   * read as from above, stood on a scene too narrow to be seen from above (`scene`).
   */
  view?: VariantView;
  /** Fusion: the light and shadow used, chosen in the form or automatic. */
  light?: VariantLight;
  /** The brand kit as the engine applied it: palette, typography, where the logo and signature went. */
  brand?: VariantBrand;
  /** The faces the image's texts were checked to be drawn with (docs/decisions/035). */
  faces?: VariantFace[];
  /** Where its texts are set, in its pixels. */
  texts?: ImageTextArea[];
  /** The picture before its text was set (JPEG), and its text as layers to set again (decision 046). */
  plate?: Buffer;
  layers?: StoredTextLayer[];
};

export type VariantCutout = { method: string; reason?: string; confidence: number };
export type VariantView = { view: 'front' | 'top'; from: 'chosen' | 'detected' | 'default' | 'scene' };
/** The light and shadow a Fusion image was made with: chosen in the form, read from the scene, or the variant's. */
export type VariantLight = {
  from: 'chosen' | 'scene' | 'variant';
  angle: number;
  softness: number;
  strength: number;
  reflection: boolean;
};
export type VariantFace = { role: string; face: FaceReport };
type Box = { x: number; y: number; width: number; height: number };
/** As the engine reports it (metadata.brand); `palette` is kept as it comes. */
export type VariantBrand = {
  colours: readonly string[];
  palette: unknown;
  typography: string | null;
  logo: Box | null;
  signature: { text: string; rect: Box } | null;
};

/** Called after each variant; throwing from it (e.g. because the generation was cancelled) stops the render. */
export type OnVariant = (done: number, total: number) => Promise<void>;

/**
 * With IMAGE_PROVIDER=webhook, the workflow's outcome (absent when it never called back); the brand
 * kit to apply, or none.
 */
type RenderExtras = {
  workflow?: WorkflowOutcome;
  logger?: ProviderLogger;
  brand?: FusionProviderInput['brand'];
};

export type Renderer = {
  /** The provider drawing the backgrounds; absent means local. */
  provider?: ImageProviderName;
  fusion(
    input: {
      request: FusionRequest;
      product: Buffer;
      /** The cut-out stored with the product upload; null or absent: the engine finds it. */
      cutout?: StoredCutout | null;
    } & FusionSceneInput &
      RenderExtras,
    onVariant: OnVariant,
  ): Promise<RenderedVariant[]>;
  express(
    input: {
      request: ExpressRequest;
      /** Written before the render; absent, the engine's local copywriter writes it. */
      copy?: ExpressCopy | null;
    } & RenderExtras,
    onVariant: OnVariant,
  ): Promise<RenderedVariant[]>;
};

type TextReport = {
  role: string;
  face?: FaceReport;
  rect?: { x: number; y: number; width: number; height: number };
};
type Rendered = {
  images: { jpeg?: Buffer; plate?: Buffer };
  layers?: EngineTextLayer[];
  metadata: {
    width: number;
    height: number;
    cutout?: VariantCutout;
    view?: VariantView;
    light?: VariantLight;
    brand?: VariantBrand | null;
    /** Fusion's texts; Express has a headline and a supporting line. */
    text?: TextReport[];
    headline?: TextReport | null;
    supporting?: TextReport | null;
  } & ProviderFields;
};

function toVariant(rendered: Rendered): RenderedVariant {
  const { images, metadata } = rendered;
  if (!images.jpeg) throw new Error('the engine returned no JPEG');
  const { provider, fallback, scene, cutout, view, light, brand, format } = metadata;
  const texts = metadata.text ?? [metadata.headline, metadata.supporting];
  const layers = storedLayers(rendered, texts);
  const faces = texts.flatMap((text) => (text?.face ? [{ role: text.role, face: text.face }] : []));
  const areas = texts.flatMap((text) => (text?.rect ? [{ role: text.role, ...pixelBox(text.rect) }] : []));
  return {
    jpeg: images.jpeg,
    width: metadata.width,
    height: metadata.height,
    metadata,
    ...(format && { format }),
    engine: { provider, ...(fallback && { fallback }), ...(scene && { scene }) },
    ...(cutout && {
      cutout: {
        method: cutout.method,
        ...(cutout.reason && { reason: cutout.reason }),
        confidence: cutout.confidence,
      },
    }),
    ...(view && { view: { view: view.view, from: view.from } }),
    ...(light && {
      light: {
        from: light.from,
        angle: light.angle,
        softness: light.softness,
        strength: light.strength,
        reflection: light.reflection,
      },
    }),
    ...(brand && {
      brand: {
        colours: brand.colours,
        palette: brand.palette,
        typography: brand.typography,
        logo: brand.logo,
        signature: brand.signature,
      },
    }),
    ...(faces.length && { faces }),
    ...(areas.length && { texts: areas }),
    ...(images.plate && layers && { plate: images.plate, layers }),
  };
}

/** Each layer with the rectangle its text took (from the text's report of the same role). */
function storedLayers({ layers }: Rendered, texts: (TextReport | null | undefined)[]) {
  if (!layers) return undefined;
  const stored: StoredTextLayer[] = [];
  // A band behind a text (a brand's signature on its main colour) is kept: the editor opens it as the
  // text's background.
  for (const { role, outline: _outline, band, ...layer } of layers) {
    const rect = texts.find((text) => text?.role === role)?.rect;
    if (rect && role !== 'text')
      stored.push({ ...layer, role, colour: [...layer.colour], ...(band && { band: [...band] }), rect });
  }
  return stored;
}

const pixelBox = ({ x, y, width, height }: { x: number; y: number; width: number; height: number }) => ({
  x: Math.round(x),
  y: Math.round(y),
  width: Math.round(width),
  height: Math.round(height),
});

/** The engine, loaded on first use. */
let engine: Promise<
  [typeof import('@vitrine/engine/providers/index'), typeof import('@vitrine/engine/local/threads')]
> | null = null;

export function createRenderer(config: {
  imageProvider: ImageProviderConfig;
  renderThreads?: number;
  /** How long the render threads wait for work before they stop (null: never). */
  engineIdleMs?: number | null;
  /** The salient-object model (installed, or CUTOUT_MODEL's), used when a product has no stored cut-out. */
  cutoutModel?: SaliencyModelConfig | undefined;
}): Renderer {
  const providerFor = async (logger: ProviderLogger | undefined) => {
    engine ??= Promise.all([
      import('@vitrine/engine/providers/index'),
      import('@vitrine/engine/local/threads'),
    ]);
    const [{ createImageProvider }, { configureRenderThreads }] = await engine;
    if (config.renderThreads !== undefined)
      await configureRenderThreads(config.renderThreads, config.engineIdleMs ?? null);
    return createImageProvider(config.imageProvider, { logger });
  };
  const providerName = config.imageProvider.kind;
  return {
    provider: providerName,
    async fusion({ request, product, cutout, workflow, logger, brand, ...scene }, onVariant) {
      const provider = await providerFor(logger);
      const rendered = await timed(renderDuration, { mode: 'fusion', provider: providerName }, () =>
        provider.renderFusion({
          request,
          product,
          brand: brand ?? null,
          ...(scene.scene !== undefined
            ? { scene: scene.scene }
            : scene.context !== undefined
              ? { context: scene.context }
              : {}),
          cutout: { stored: cutout ?? null, model: config.cutoutModel ?? null },
          formats: ['jpeg', 'plate'],
          onVariant,
          workflow,
        }),
      );
      return rendered.map(toVariant);
    },
    async express({ request, copy, workflow, logger, brand }, onVariant) {
      const provider = await providerFor(logger);
      const rendered = await timed(renderDuration, { mode: 'express', provider: providerName }, () =>
        provider.renderExpress({
          request,
          copy,
          brand: brand ?? null,
          formats: ['jpeg', 'plate'],
          onVariant,
          workflow,
        }),
      );
      return rendered.map(toVariant);
    },
  };
}

/** The offline engine alone, whatever the configuration says. */
export function createLocalRenderer(): Renderer {
  return createRenderer({ imageProvider: { kind: 'local' } });
}
