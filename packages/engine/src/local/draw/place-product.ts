/**
 * Puts the cut-out product into the scene. Its pixels change only in scale and light: a gentle exposure
 * match to the scene, the variant's key light across it, and light wrap on its outermost edge.
 */
import type { Box, Light } from '../../art-direction/types';
import { fromRaw, toRaw, type RawImage } from '../../image/sharp';
import { GAIN_ONE, luma709 } from '../../pixels/fixed-point';
import { baseLine } from './firm-base';
import { CONTACT_BAND, SOLID_ALPHA, type Footprint } from './shadow';
import type { Vignette } from './light';
import { SunOnProduct } from './sun-on-product';

export type Placement = { x: number; y: number; width: number; height: number; scale: number };

/** A small product photo may be enlarged this much at most: beyond, it would look soft. */
export const MAX_UPSCALE = 2;

/**
 * The product's size and place: its bounding box takes `share` of the canvas's area when the box has
 * room for that (a tall bottle and a wide box of biscuits take the same presence), never more than the
 * box, never enlarged beyond MAX_UPSCALE; it stands on the ground line, centred on `centreX` (the box's
 * centre by default) as far as the box allows.
 */
export function fitInBox(
  size: { width: number; height: number },
  product: {
    box: Box;
    groundY: number;
    share?: number;
    centreX?: number;
    anchor?: 'base' | 'centre';
    presence?: number;
  },
  canvas?: { width: number; height: number },
): Placement {
  const { box, groundY, share } = product;
  const byArea =
    share && canvas
      ? Math.sqrt((share * canvas.width * canvas.height) / (size.width * size.height))
      : Infinity;
  // A presence under 1 shrinks what the share and the photo's resolution allow; a box that is already
  // smaller keeps its size.
  const presence = Math.min(1, product.presence ?? 1);
  const scale = Math.min(
    box.width / size.width,
    box.height / size.height,
    MAX_UPSCALE * presence,
    byArea * presence,
  );
  const width = Math.max(1, Math.round(size.width * scale));
  const height = Math.max(1, Math.round(size.height * scale));
  const centre = product.centreX ?? box.x + box.width / 2;
  const x = Math.min(Math.max(Math.round(centre - width / 2), box.x), box.x + box.width - width);
  const y = product.anchor === 'centre' ? box.y + Math.round((box.height - height) / 2) : groundY - height;
  return { x, y, width, height, scale };
}

/**
 * The placement moved down so that the product's lowest solid row (enough pixels at SOLID_ALPHA opacity or
 * more: a foot, a base, not the fringe of the cut-out's soft edge) lies on the ground line: a product
 * whose fringe stood on the line would hover over it by the fringe's depth.
 */
export function seated(resized: RawImage, placement: Placement, floor = Infinity): Placement {
  const { data, width, height } = resized;
  const least = Math.max(2, Math.round(width * 0.01));
  // No deeper than a tenth of the product: beyond, the bottom rows are a thin part (a strap, a leg).
  for (let y = height - 1; y >= Math.floor(height * 0.9); y--) {
    let solid = 0;
    for (let x = 0, i = y * width * 4 + 3; x < width; x++, i += 4) if (data[i]! >= SOLID_ALPHA) solid++;
    // Never below the floor given (the safe area's foot), where the base would be hidden.
    const sink = Math.max(0, Math.min(height - 1 - y, floor - (placement.y + height)));
    if (solid >= least) return { ...placement, y: placement.y + sink };
  }
  return placement;
}

export async function resizeProduct(cutout: RawImage, placement: Placement): Promise<RawImage> {
  // sharp premultiplies alpha while resampling, so edges do not pick up the colour of hidden pixels.
  return toRaw(
    fromRaw(cutout).resize(placement.width, placement.height, { fit: 'fill', kernel: 'lanczos3' }),
  );
}

/** Where the product touches the ground: the span of its solid pixels in the bottom rows. */
export function footprint(product: RawImage, placement: Placement): Footprint {
  const { data, width, height } = product;
  let left = width;
  let right = -1;
  // The bottom of the product where its parts may touch the surface (both feet, a whole sole).
  const rows = Math.max(2, Math.round(height * CONTACT_BAND));
  for (let y = height - rows; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[(y * width + x) * 4 + 3]! < 128) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
    }
  }
  if (right < 0) [left, right] = [width * 0.25, width * 0.75];
  // The ground is under the base, not under rows left transparent below it (firm-base.ts).
  return {
    left: placement.x + left,
    right: placement.x + right,
    groundY: placement.y + baseLine(product),
    height,
  };
}

/** The mean colour of an image (weighted by alpha when it has one), every fourth pixel. */
function meanColour(image: RawImage): Rgb3 {
  const { data, channels } = image;
  const sum = [0, 0, 0];
  let weight = 0;
  for (let i = 0; i < data.length; i += channels * 4) {
    const w = channels === 4 ? data[i + 3]! / 255 : 1;
    for (let c = 0; c < 3; c++) sum[c]! += data[i + c]! * w;
    weight += w;
  }
  return weight ? [sum[0]! / weight, sum[1]! / weight, sum[2]! / weight] : [128, 128, 128];
}

/** How far the product's colour balance moves toward the light around it: the gain's exponent. */
const BALANCE_PULL = 0.5;
/** And never more than this per channel, so the product keeps its own colours. */
const BALANCE_MOST = 0.14;

type Rgb3 = [number, number, number];
const lumaOf = (c: readonly number[]) => luma709(c[0]!, c[1]!, c[2]!);

/**
 * Per-channel gains that move the product's overall colour balance (its mean colour, `own`) toward
 * the scene's behind it (a cool product in a warm room warms a little), its brightness unchanged: the
 * lowest frequency only, so its details and its own colours stay.
 */
function colourBalance(scene: Rgb3, own: Rgb3): Rgb3 {
  const sl = Math.max(1, lumaOf(scene));
  const ol = Math.max(1, lumaOf(own));
  const gains = [0, 1, 2].map((c) => {
    const ratio = (scene[c]! / sl + 0.05) / (own[c]! / ol + 0.05);
    return Math.min(1 + BALANCE_MOST, Math.max(1 - BALANCE_MOST, ratio ** BALANCE_PULL));
  });
  // Brightness is the exposure match's: the gains keep the product's luma.
  const norm = lumaOf(own.map((v, c) => v * gains[c]!)) / ol;
  return [gains[0]! / norm, gains[1]! / norm, gains[2]! / norm];
}

/** What lies behind the product, blurred wide: the colour light wrap bleeds onto its edge. */
function blurredBehind(scene: RawImage, region: Box, sigma: number): Promise<RawImage> {
  return toRaw(
    fromRaw(scene)
      .extract({ left: region.x, top: region.y, width: region.width, height: region.height })
      .blur(sigma),
  );
}

/** Soft alphas by resized product: started as soon as the product is resized (prefetchSoftAlpha). */
const softAlphas = new WeakMap<RawImage, Promise<Buffer>>();

/**
 * Starts blurring the resized product's alpha for its light wrap: it depends on the product alone, so
 * libvips makes it while the scene is drawn.
 */
export function prefetchSoftAlpha(product: RawImage, at: Placement): void {
  void softAlphaFor(product, at);
}

function softAlphaFor(product: RawImage, at: Placement): Promise<Buffer> {
  let soft = softAlphas.get(product);
  if (!soft) {
    soft = softAlphaOf(product, Math.max(1.5, at.width * 0.012));
    soft.catch(() => undefined);
    softAlphas.set(product, soft);
  }
  return soft;
}

/** The product's alpha, blurred: where it is below the solid alpha, the pixel is near the edge. */
async function softAlphaOf(product: RawImage, sigma: number): Promise<Buffer> {
  const alpha = Buffer.alloc(product.width * product.height);
  for (let p = 0, i = 3; p < alpha.length; p++, i += 4) alpha[p] = product.data[i]!;
  const { data } = await toRaw(
    fromRaw({ data: alpha, width: product.width, height: product.height, channels: 1 })
      .blur(sigma)
      .extractChannel(0),
  );
  return data;
}

export async function blendProduct(
  scene: RawImage,
  product: RawImage,
  at: Placement,
  light: Light,
  options: { wrap?: boolean; vignette?: Vignette | null; sun?: number } = {},
): Promise<void> {
  const { wrap: wrapping = true, vignette = null, sun = 0 } = options;
  const x0 = Math.max(0, at.x);
  const y0 = Math.max(0, at.y);
  const w = Math.min(scene.width, at.x + at.width) - x0;
  const h = Math.min(scene.height, at.y + at.height) - y0;
  if (w <= 0 || h <= 0) return;
  const region = { x: x0, y: y0, width: w, height: h };
  // The two blurs are independent: libvips runs them side by side.
  const [wrapSource, alphaSoft] = await Promise.all([
    blurredBehind(scene, region, Math.max(3, at.width * 0.03)),
    wrapping ? softAlphaFor(product, at) : null,
  ]);
  // Exposure match: at most ±7 %, so a dark bottle stays dark in a bright scene. A blur keeps the
  // mean, so the blurred background measures its brightness (and its colour balance).
  const behind = meanColour(wrapSource);
  const own = meanColour(product);
  const match = Math.min(1.07, Math.max(0.93, (lumaOf(behind) / Math.max(1, lumaOf(own))) ** 0.1));
  const { data } = scene;
  const pd = product.data;
  const wd = wrapSource.data;
  const [kr, kg, kb] = colourBalance(behind, own);
  const side = light.from === 'left' ? 1 : light.from === 'right' ? -1 : 0;
  // Key light across the product: a few percent brighter on the lit side; one gain per column.
  const gains = new Float32Array(w);
  const base = match * (1 + light.exposure * 0.5);
  for (let x = 0; x < w; x++) {
    const px = x0 + x - at.x;
    gains[x] = base * (1 + light.strength * 0.25 * side * (1 - (2 * px) / product.width));
  }
  const wrap = alphaSoft ?? new Uint8Array(0);
  // The scene behind was vignetted in its grading pass: the product takes the same vignette.
  const shaded = new Float32Array(vignette ? w : 0);
  const shade = new Int32Array(vignette ? w : 0);
  const sunlit =
    sun > 0 && side !== 0 ? new SunOnProduct(product, side === 1 ? -1 : 1, sun, x0 - at.x, w) : null;
  for (let y = 0; y < h; y++) {
    const p = (y0 + y - at.y) * product.width + (x0 - at.x);
    const s = ((y0 + y) * scene.width + x0) * scene.channels;
    let rowGains = sunlit ? sunlit.row(y0 + y - at.y, gains) : gains;
    if (vignette?.span(y0 + y, x0, shade)) {
      for (let x = 0; x < w; x++) shaded[x] = (rowGains[x]! * shade[x]!) / GAIN_ONE;
      rowGains = shaded;
    }
    blendRow(
      data,
      s,
      scene.channels,
      pd,
      p,
      wd,
      y * w * 3,
      rowGains,
      wrap,
      alphaSoft !== null,
      w,
      kr,
      kg,
      kb,
    );
  }
}

/**
 * One row of the product over the scene: lit by its column's gain, the light wrap mixing in the
 * blurred background where the soft alpha says the edge is near. A small monomorphic function, so
 * the JIT compiles the loop tightly.
 */
function blendRow(
  scene: Uint8Array,
  s: number,
  channels: number,
  product: Uint8Array,
  p: number,
  wrapSource: Uint8Array,
  b: number,
  gains: Float32Array,
  soft: Uint8Array,
  wrapping: boolean,
  width: number,
  kr: number,
  kg: number,
  kb: number,
): void {
  for (let x = 0; x < width; x++, p++, s += channels, b += 3) {
    const alpha = product[p * 4 + 3]!;
    if (alpha === 0) continue;
    const a = alpha / 255;
    const gain = gains[x]!;
    // Light wrap: the background's colour bleeds onto the outermost edge of the product.
    const wrap = wrapping ? Math.min(0.45, a * (1 - soft[p]! / 255) * 0.9) : 0;
    // The three channels unrolled: a loop over them costs more than the arithmetic.
    const q = p * 4;
    let r = product[q]! * gain * kr;
    let g = product[q + 1]! * gain * kg;
    let bl = product[q + 2]! * gain * kb;
    if (r > 255) r = 255;
    if (g > 255) g = 255;
    if (bl > 255) bl = 255;
    if (wrap > 0) {
      r += (wrapSource[b]! - r) * wrap;
      g += (wrapSource[b + 1]! - g) * wrap;
      bl += (wrapSource[b + 2]! - bl) * wrap;
    }
    scene[s] = r * a + scene[s]! * (1 - a);
    scene[s + 1] = g * a + scene[s + 1]! * (1 - a);
    scene[s + 2] = bl * a + scene[s + 2]! * (1 - a);
  }
}
