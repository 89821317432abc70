/**
 * The engine benchmark's floor and inputs: what sharp alone takes, from the files to the JPEG, at the
 * engine's sizes and JPEG settings; and the photographic noise its generated inputs are given.
 */
import { performance } from 'node:perf_hooks';
import type { Size } from '@vitrine/shared/api/generation';
import { PRODUCT_SIDE } from '../packages/engine/src/cutout/run';
import {
  fromEngineFile,
  fromRaw,
  fromSvg,
  guard,
  toRaw,
  type RawImage,
} from '../packages/engine/src/image/sharp';
import { randomSource } from '../packages/engine/src/pixels/noise';

const ms = (start: number) => performance.now() - start;

/** A photograph has texture everywhere; flat SVG art would make decoding and encoding look too cheap. */
export async function withPhotoNoise(jpeg: Buffer, sigma: number, quality: number): Promise<Buffer> {
  const image = await toRaw(fromEngineFile(jpeg).removeAlpha());
  const random = randomSource(1);
  const out = Buffer.alloc(image.data.length);
  for (let i = 0; i < out.length; i += 3) {
    // Sum of four uniforms: close enough to Gaussian luminance noise.
    const n = (random() + random() + random() + random() - 2) * sigma * 1.73;
    for (let c = 0; c < 3; c++) out[i + c] = Math.min(255, Math.max(0, image.data[i + c]! + n));
  }
  const { width, height } = image;
  return guard(fromRaw({ data: out, width, height, channels: 3 }).jpeg({ quality }).toBuffer());
}

/** The floor's timings for the benchmark's two files. */
export function floorOf({
  product: productFile,
  context: contextFile,
}: {
  product: Buffer;
  context: Buffer;
}) {
  const JPEG = { quality: 88, chromaSubsampling: '4:4:4', optimiseCoding: false } as const;
  const decodeProduct = () =>
    toRaw(fromEngineFile(productFile).resize(PRODUCT_SIDE, PRODUCT_SIDE, { fit: 'inside' }).ensureAlpha());
  const cropAndEncode = (scene: RawImage, size: Size) =>
    guard(fromRaw(scene).resize(size.width, size.height, { fit: 'cover' }).jpeg(JPEG).toBuffer());

  /** One image: decode both inputs, the context straight to the format, JPEG. */
  async function floorImage(size: Size): Promise<number> {
    const t0 = performance.now();
    await Promise.all([
      decodeProduct(),
      guard(
        fromEngineFile(contextFile).resize(size.width, size.height, { fit: 'cover' }).jpeg(JPEG).toBuffer(),
      ),
    ]);
    return ms(t0);
  }

  /** Four images: both inputs decoded once (the context just covering the format), four crops and JPEGs. */
  async function floorRequest(size: Size): Promise<number> {
    const t0 = performance.now();
    const [, scene] = await Promise.all([
      decodeProduct(),
      toRaw(fromEngineFile(contextFile).resize(size.width, size.height, { fit: 'outside' })),
    ]);
    await Promise.all([0, 1, 2, 3].map(() => cropAndEncode(scene, size)));
    return ms(t0);
  }

  async function expressFloor(size: Size): Promise<number> {
    const t0 = performance.now();
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f7f4ef"/><stop offset="1" stop-color="#2b2b2b"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
    await guard(fromSvg(svg).removeAlpha().jpeg(JPEG).toBuffer());
    return ms(t0);
  }
  return { floorImage, floorRequest, expressFloor };
}
