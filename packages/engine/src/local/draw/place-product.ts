/**
 * Puts the cut-out product into the scene. Its pixels change only in scale and light: a gentle exposure
 * match to the scene, the variant's key light across it, and light wrap on its outermost edge.
 */
import type { Box, Light } from '../../art-direction/types';
import { fromRaw, toRaw, type RawImage } from '../../image/sharp';
import { GAIN_ONE, luma709 } from '../../pixels/fixed-point';
import type { Placement } from './placement';
import type { Vignette } from './light';
import { SunOnProduct } from './sun-on-product';

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
 * The colour of a light that a scene of this mean colour could cast. Daylight, a sunset, a lamp and the
 * shade under a blue sky run from orange to blue, their green near the middle of their red and blue; a
 * purple, a pink, a teal or a green is a paint's colour (a néon backdrop, a lawn), not a light's. The
 * scene's green is kept within a band about that middle (LIGHT_BAND of the red–blue gap either side):
 * a warm scene warms the product as before and a cool one cools it, but none paints it pink, green or
 * cyan.
 */
function asLight([r, g, b]: Rgb3): Rgb3 {
  const middle = (r + b) / 2;
  const band = LIGHT_BAND * Math.abs(r - b);
  return [r, Math.min(middle + band, Math.max(middle - band, g)), b];
}

/** How far a light's green may lie from the middle of its red and blue, as a share of their gap. */
const LIGHT_BAND = 0.25;

/**
 * Per-channel gains that move the product's overall colour balance (its mean colour, `own`) toward
 * the scene's behind it (a cool product in a warm room warms a little), its brightness unchanged: the
 * lowest frequency only, so its details and its own colours stay.
 */
function colourBalance(behind: Rgb3, own: Rgb3): Rgb3 {
  const scene = asLight(behind);
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
