/**
 * Warms the engine up before its first user: the cut-out thread compiles OpenCV's WebAssembly (and
 * loads the cut-out model, if any), and the render threads start, load their fonts and compile
 * their hot code, on a product photo drawn here. Without it the first product uploaded after a start
 * waits about two seconds more for its cut-out, and the first Fusion request takes two to three times
 * as long as the next. Every thread warmed is one a real request would have started anyway.
 */
import { FUSION_FORMAT_SIZES, fusionRequest, expressRequest } from '@vitrine/shared/api/generation';
import { analyseProduct } from '../cutout/analyse';
import type { SaliencyModelConfig } from '../cutout/model';
import { fromSvg } from '../image/sharp';
import { productPhoto } from '../samples/synthetic';
import { renderExpress, renderFusion } from './requests';

export type WarmUpReport = {
  /** The cut-out of the drawn photo, as an upload's check runs it. */
  cutoutMs: number;
  /** A Fusion, an Express and a second Fusion request in story format, on the render threads; null when not asked. */
  renderMs: number | null;
};

const FUSION = fusionRequest.parse({
  position: 'centré',
  style: 'photo réaliste',
  palette: 'chaude',
  slogan: 'Vitrine',
  tagline: 'Prêt',
  typography: 'élégant',
  format: 'story',
});

const EXPRESS = expressRequest.parse({
  style: 'minimaliste',
  format: 'story',
  description: 'Boutique de quartier',
});

/**
 * A plain room drawn by libvips (off the main thread): a wall, a window and a table. The drawn café
 * scene of the samples would be nicer but takes the server's main thread for most of a second.
 */
function backdrop(): Promise<Buffer> {
  const { width, height } = FUSION_FORMAT_SIZES[FUSION.format];
  return fromSvg(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><linearGradient id="wall" x2="0" y2="1"><stop offset="0" stop-color="#e9dcc8"/><stop offset="1" stop-color="#b99b78"/></linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#wall)"/>
      <rect x="12%" y="10%" width="40%" height="30%" fill="#dfeef5" stroke="#8a6a4a" stroke-width="14"/>
      <rect y="62%" width="100%" height="38%" fill="#7a5234"/>
    </svg>`,
  )
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * `render`: also warm the local renderer (a worker that draws with the local engine). The cut-out is
 * warmed in any case: every provider composites the product cut out here.
 */
export async function warmUpEngine(options: {
  render: boolean;
  model?: SaliencyModelConfig | null;
}): Promise<WarmUpReport> {
  const photo = await productPhoto('bottle', 'busy');
  let t0 = performance.now();
  await analyseProduct(photo, { model: options.model ?? null });
  const cutoutMs = Math.round(performance.now() - t0);
  if (!options.render) return { cutoutMs, renderMs: null };

  const context = await backdrop();
  const fusion = () =>
    renderFusion({
      request: FUSION,
      product: photo,
      context,
      cutout: { model: options.model ?? null },
      formats: ['jpeg'],
    });
  t0 = performance.now();
  // A second Fusion request: the hot code is compiled for good only after a few runs.
  await fusion();
  await renderExpress(EXPRESS, ['jpeg']);
  await fusion();
  return { cutoutMs, renderMs: Math.round(performance.now() - t0) };
}
