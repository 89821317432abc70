/**
 * Command line for the product cut-out: writes the alpha mask as a grey PNG the size of the input
 * photo (255 = product, EXIF orientation applied) and prints JSON on stdout.
 *   npm run -s cutout -- --in photo.jpg --out mask.png [--box x,y,w,h]
 * The box, in pixels of the photo, is what a user would draw around the product on the Fusion page.
 * The cut-out is the server's: the model `npm install` put in place, unless CUTOUT_MODEL (and
 * CUTOUT_MODEL_INPUT_SIZE, _MEAN, _STD) names another or is `none` (the engine's own segmentation).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { cutoutCorrections, type CutoutCorrections } from '@vitrine/shared/api/cutout';
import { isEngineError } from '../errors';
import { decodeRgba } from '../image/decode';
import { fromRaw, guard } from '../image/sharp';
import type { SaliencyModelConfig } from '../cutout/model';
import { parseCommandLine } from './args';
import { saliencyModelOfServer } from './server-model';
import { configureCutoutThread, cutOutProduct } from '../cutout/thread';
import { openCv } from '../cutout/opencv';
import { clearOutsideBox } from '../cutout/cutout';
import { PRODUCT_SIDE } from '../cutout/run';

const USAGE = 'usage: npm run -s cutout -- --in PHOTO --out MASK.png [--box x,y,w,h]';

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

const { values } = parseCommandLine(
  {
    in: { type: 'string' },
    out: { type: 'string' },
    box: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
  USAGE,
);
if (values.help) fail(USAGE, 0);
if (!values.in || !values.out) fail(USAGE);

/** "x,y,w,h" in pixels of the oriented photo, as the fractions the engine takes. */
function boxFrom(text: string, width: number, height: number): CutoutCorrections {
  const parts = text.split(',').map((v) => Number(v.trim()));
  if (parts.length !== 4 || parts.some((v) => !Number.isFinite(v)))
    fail(`--box must be four numbers x,y,w,h in pixels\n${USAGE}`);
  const [x, y, w, h] = parts as [number, number, number, number];
  const parsed = cutoutCorrections.safeParse({
    box: { x: x / width, y: y / height, width: w / width, height: h / height },
    strokes: [],
  });
  if (!parsed.success)
    fail(`--box ${text}: ${parsed.error.issues[0]?.message ?? 'invalid'} (photo is ${width}x${height})`);
  return parsed.data;
}

/** A file that cannot be read or written: one line naming it and why, not a stack trace. */
function fileFailure(action: string, file: string) {
  return (error: unknown): never => {
    const code = (error as { code?: unknown }).code;
    fail(`cannot ${action} ${file}: ${typeof code === 'string' ? code : String(error)}`, 1);
  };
}

let model: SaliencyModelConfig | null = null;
try {
  model = saliencyModelOfServer();
} catch (error) {
  fail((error as Error).message);
}

try {
  const input = await readFile(values.in).catch(fileFailure('read', values.in));
  // One process, one photo: the work runs here rather than on a thread of its own.
  await configureCutoutThread(false);
  const t0 = performance.now();
  await openCv();
  const loadMs = Math.round(performance.now() - t0);
  const t1 = performance.now();
  const photo = await decodeRgba(input, PRODUCT_SIDE);
  const { width, height } = photo.source;
  const corrections = values.box ? boxFrom(values.box, width, height) : null;
  const { mask, cutout } = await cutOutProduct(photo, {
    corrections,
    model,
  });
  const grey = mask?.alpha
    ? await guard(
        fromRaw(mask.alpha)
          .resize(width, height, { fit: 'fill', kernel: 'linear' })
          .extractChannel(0)
          .raw()
          .toBuffer(),
      )
    : Buffer.alloc(width * height);
  // Scaling up blurs the edge by a pixel: the box still bounds the product at the photo's own size.
  if (corrections?.box) clearOutsideBox(grey, width, height, corrections.box);
  const png = await guard(
    fromRaw({ data: grey, width, height, channels: 1 }).toColourspace('b-w').png().toBuffer(),
  );
  const ms = Math.round(performance.now() - t1);
  await writeFile(values.out, png).catch(fileFailure('write', values.out));
  const report = {
    // 'framed': the engine would use the whole photo (the mask written is what it found, if anything).
    method: cutout.method,
    found: mask?.method ?? null,
    confidence: mask?.confidence ?? cutout.confidence,
    ...(cutout.reason && { reason: cutout.reason }),
    coverage: Math.round((mask?.coverage ?? cutout.coverage) * 1000) / 1000,
    width,
    height,
    ms,
    loadMs,
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
} catch (error) {
  if (isEngineError(error)) fail(`${error.code}: ${error.message}`, 1);
  throw error;
}
