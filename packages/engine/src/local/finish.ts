/**
 * The end every render shares, Fusion and Express alike: the text typeset on the finished scene, the
 * scene encoded in each format asked for, and the time each part of the render took.
 */
import type { TextBlock } from '../art-direction/types';
import type { RawImage } from '../image/sharp';
import { brandReport, setBrandMarks, type BrandMarks, type BrandReport, type SetMarks } from './brand-marks';
import type { Coverage } from './draw/coverage';
import { encode, type OutputFormat, type RenderFormat } from './encode';
import type { TextLayer } from './text/layers';
import { typesetLayers, type Inks, type TypesetReport } from './text/typeset';

// The renders name the brand's record through the ending they share (fusion/ and express/ import only
// what local/ shares: encode, prepare, finish, steps).
export type { BrandMarks, BrandReport } from './brand-marks';

/**
 * The encoded images, by format; with `plate` asked for, the scene before its text too (JPEG), for
 * the text to be set again from its layers (text/layers.ts).
 */
export type EncodedImages = Partial<Record<OutputFormat, Buffer>> & { plate?: Buffer };

/** Laps of a render, in milliseconds: each lap runs from the one before (or the start). */
export class Stopwatch {
  private readonly start = performance.now();
  private last = this.start;

  /** The time since the last lap, and a new lap starts. */
  lap(): number {
    const now = performance.now();
    const ms = now - this.last;
    this.last = now;
    return ms;
  }

  /** From the start to the end of the last lap. */
  elapsed(): number {
    return this.last - this.start;
  }
}

/**
 * The text to set: its blocks, its two inks, and where the product is (text keeps its contrast there);
 * and a brand's marks, set after the text and clear of it (brand-marks.ts).
 */
export type TextToSet = { blocks: TextBlock[]; inks: Inks; product?: Coverage; brand?: BrandMarks };

export type Finished = {
  text: TypesetReport[];
  /** The text as layers, to set again on the plate. */
  layers: TextLayer[];
  images: EncodedImages;
  /** The brand's palette and where its logo and signature were set, when there is a brand. */
  brand: BrandReport | null;
  /** From the stopwatch's last lap to the text set; then the encoding. */
  typesetMs: number;
  encodeMs: number;
};

/**
 * Typesets the text on the scene and encodes it. `name` says what was set, for the metadata's
 * `steps` (null when nothing was).
 */
export async function finish(
  scene: RawImage,
  steps: string[],
  { blocks, inks, product, brand }: TextToSet,
  name: (text: TypesetReport[]) => string | null,
  formats: RenderFormat[],
  clock: Stopwatch,
): Promise<Finished> {
  // The text is drawn into the scene: the plate is a copy made before, encoded while it is set.
  const plate = formats.includes('plate')
    ? encode({ ...scene, data: Buffer.from(scene.data) }, 'jpeg')
    : undefined;
  const set = await typesetLayers(scene, blocks, inks, product);
  const said = name(set.map(({ report }) => report));
  if (said) steps.push(said);
  const rects = set.map(({ report }) => report.rect);
  const marks = brand ? await setBrandMarks(scene, brand, rects) : null;
  if (marks && brand?.palette) steps.push(marksName(marks));
  if (marks?.signature) set.push(marks.signature);
  const text = set.map(({ report }) => report);
  const typesetMs = clock.lap();
  const images: EncodedImages = {};
  for (const format of formats) if (format !== 'plate') images[format] = await encode(scene, format);
  if (plate) images.plate = await plate;
  const report = brand && marks ? brandReport(brand, marks) : null;
  const layers = set.map(({ layer }) => layer);
  return { text, layers, brand: report, images, typesetMs, encodeMs: clock.lap() };
}

function marksName({ logo, signature }: SetMarks): string {
  const parts = [logo && 'logo', signature && 'signature'].filter(Boolean);
  return parts.length ? `brand ${parts.join(' and ')} set` : 'brand palette';
}
