/**
 * Reads a context photo (art-direction/scene-reading.ts): where a surface runs across it for a product
 * to stand on, which side the light comes from, and how warm it is. On a small grey copy, in a few
 * milliseconds: the lines are long horizontal edges and colour steps that cross most of the photo.
 */
import { STAND_DEPTH, type SceneReading } from '../art-direction/scene-reading';
import { fromRaw, toRaw, type RawImage } from '../image/sharp';
import { lumaPlane } from '../pixels/fixed-point';

/** The copy the photo is read on. */
const READ_WIDTH = 160;
/** A line must cross at least this share of the photo, in edge or colour step. */
const LEAST_LINE = 0.3;
/** Where a surface's far edge may be, as shares of the photo's height. */
const BACK_RANGE = [0.18, 0.86] as const;
/** A near edge (a table's front, the floor beyond) changes region at least this much of the far edge's. */
const LEAST_FRONT = 0.75;

export async function readScene(photo: RawImage): Promise<SceneReading> {
  const width = Math.min(READ_WIDTH, photo.width);
  const height = Math.max(8, Math.round((photo.height * width) / photo.width));
  const small = await toRaw(fromRaw(photo).removeAlpha().resize(width, height, { fit: 'fill' }).blur(0.8));
  const grey = lumaPlane(small);
  const { strengths, regions } = lineStrengths(grey, small, width, height);
  return {
    width: photo.width,
    height: photo.height,
    surface: distinctRegions(
      surfaceOf(strengths, regions, height, skyAtTop(small, grey) ? (y) => partsRegions(y, small) : null),
      small,
    ),
    light: lightOf(grey, width, height),
    temperature: temperatureOf(small, grey),
  };
}

/**
 * Per row, how strongly a line runs across the photo there: the share of columns with a mostly
 * horizontal edge, and the mean colour step between the rows just above and just below.
 */
function lineStrengths(
  grey: Float32Array,
  colour: RawImage,
  width: number,
  height: number,
): { strengths: Float32Array; steps: Float32Array; regions: Float32Array } {
  const edges = new Float32Array(height);
  const magnitudes: number[] = [];
  const gx = new Float32Array(width * height);
  const gy = new Float32Array(width * height);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const p = y * width + x;
      const a = grey[p - width - 1]!;
      const b = grey[p - width]!;
      const c = grey[p - width + 1]!;
      const d = grey[p - 1]!;
      const f = grey[p + 1]!;
      const g = grey[p + width - 1]!;
      const h = grey[p + width]!;
      const i = grey[p + width + 1]!;
      gx[p] = c + 2 * f + i - a - 2 * d - g;
      gy[p] = g + 2 * h + i - a - 2 * b - c;
      if ((x + y) % 3 === 0) magnitudes.push(Math.abs(gx[p]!) + Math.abs(gy[p]!));
    }
  }
  magnitudes.sort((m, n) => m - n);
  const threshold = Math.max(24, 0.6 * (magnitudes[Math.floor(magnitudes.length * 0.9)] ?? 0));
  for (let y = 1; y < height - 1; y++) {
    let count = 0;
    for (let x = 1; x < width - 1; x++) {
      const p = y * width + x;
      const v = Math.abs(gy[p]!);
      if (v >= threshold && v >= 1.5 * Math.abs(gx[p]!)) count++;
    }
    edges[y] = count / (width - 2);
  }
  // Colour steps over a band a few rows deep: a table's edge against a wall of another colour.
  const steps = colourSteps(colour, Math.max(2, Math.round(height * 0.03)));
  const strengths = new Float32Array(height);
  for (let y = 1; y < height - 1; y++) {
    // Edges over three rows: a line a little off the horizontal spreads over a few.
    const edge = Math.max(edges[y - 1]!, edges[y]!, edges[y + 1]!);
    strengths[y] = Math.max(edge, steps[y]!, 0.5 * (edge + steps[y]!) * 1.2);
  }
  return { strengths, steps, regions: colourSteps(colour, Math.max(3, Math.round(height * 0.08))) };
}

/**
 * Per row, the mean colour step between the `band` rows above and the `band` rows below, column by
 * column, as the share of columns that change (a step of 40 levels over the three channels counts
 * fully). A deep band sees regions (a wall above, a table below), not the lines of a texture.
 */
function colourSteps({ data, width, height, channels }: RawImage, band: number): Float32Array {
  const steps = new Float32Array(height);
  for (let y = band; y <= height - band; y++) {
    let sum = 0;
    for (let x = 0; x < width; x++) {
      let step = 0;
      for (let c = 0; c < 3; c++) {
        let above = 0;
        let below = 0;
        for (let k = 1; k <= band; k++) {
          above += data[((y - k) * width + x) * channels + c]!;
          below += data[((y + k - 1) * width + x) * channels + c]!;
        }
        step += Math.abs(above - below) / band;
      }
      sum += Math.min(1, step / 40);
    }
    steps[y] = sum / width;
  }
  return steps;
}

/** The strongest lines, each the highest of its neighbourhood, top to bottom. */
function peaks(strengths: Float32Array, height: number): { y: number; strength: number }[] {
  const radius = Math.max(2, Math.round(height * 0.04));
  const found: { y: number; strength: number }[] = [];
  for (let y = 1; y < height - 1; y++) {
    const s = strengths[y]!;
    if (s < LEAST_LINE) continue;
    let highest = true;
    for (let k = Math.max(0, y - radius); k <= Math.min(height - 1, y + radius) && highest; k++)
      if (strengths[k]! > s || (strengths[k] === s && k < y)) highest = false;
    if (highest) found.push({ y, strength: s });
  }
  return found;
}

/**
 * The surface: among the lines that cross the photo, the far edge is the one with the deepest change
 * of region across it (a brick wall's courses are lines too, but the wall is the same above and
 * below them). A second such change below it is the near edge (a shelf board's front, a table's
 * front against the floor); without one, the surface runs to the photo's foot.
 */
function surfaceOf(
  strengths: Float32Array,
  regions: Float32Array,
  height: number,
  /** Under a sky, whether the line at a row parts two regions (distinctRegions); null indoors. */
  underSky: ((row: number) => boolean) | null,
): SceneReading['surface'] {
  const near = (y: number) => Math.max(...[-2, -1, 0, 1, 2].map((k) => regions[y + k] ?? 0));
  const lines = peaks(strengths, height).map((line) => ({ ...line, region: near(line.y) }));
  const candidates = lines.filter(
    (line) => line.y >= BACK_RANGE[0] * height && line.y <= BACK_RANGE[1] * height,
  );
  if (!candidates.length) return null;
  // Of two lines that part regions as deeply, the lower: the nearer edge is the one a product stands
  // in front of (a river's bank below the trees beyond it).
  const deepest = candidates.reduce((best, line) => (line.region >= best.region - TIE ? line : best));
  // Under a sky, the deepest change is the skyline or a ridge, far away: the ground a product stands
  // on is the lowest line that still parts two regions clearly.
  const ground = underSky
    ? candidates.filter((line) => line.region >= LEAST_FRONT * deepest.region && underSky(line.y)).at(-1)
    : undefined;
  const back = ground ?? deepest;
  const front = lines.find(
    (line) => line.y >= back.y + 0.08 * height && line.region >= LEAST_FRONT * back.region,
  );
  const frontY = front ? front.y : height;
  const round = (share: number) => Math.round(share * 1000) / 1000;
  return {
    back: round(back.y / height),
    front: round(frontY / height),
    // Never just under the far edge: a far edge read a little high would leave the product on the wall.
    stand: round(
      Math.min(frontY - 1, Math.max(back.y + STAND_DEPTH * (frontY - back.y), back.y + 0.1 * height)) /
        height,
    ),
    strength: round(Math.min(1, back.region)),
  };
}

/** Region changes this close count as equally deep. */
const TIE = 0.01;

/**
 * A sky across the top of the photo: the top rows smooth (a mean step under SKY_TEXTURE grey levels
 * between neighbours), bright enough and bluer than red. A white wall indoors is smooth and bright
 * too, but lit warm or neutral, never blue.
 */
function skyAtTop({ data, width, height, channels }: RawImage, grey: Float32Array): boolean {
  const rows = Math.max(2, Math.round(height * 0.12));
  let texture = 0;
  let luma = 0;
  let blueOverRed = 0;
  let n = 0;
  for (let y = 0; y < rows; y++)
    for (let x = 1; x < width; x++, n++) {
      const p = y * width + x;
      texture += Math.abs(grey[p]! - grey[p - 1]!);
      luma += grey[p]!;
      blueOverRed += data[p * channels + 2]! - data[p * channels]!;
    }
  return texture / n < SKY_TEXTURE && luma / n > SKY_LUMA && blueOverRed / n > SKY_BLUE;
}

const SKY_TEXTURE = 2;
const SKY_LUMA = 100;
const SKY_BLUE = 8;

/** Two regions that differ less than this in mean colour (RGB distance) are one: a wall's courses. */
const LEAST_REGION_CHANGE = 25;

/**
 * A surface's far edge parts two regions (a wall above, a table below): the photo's mean colour over
 * 15 % of its height on each side of the line must differ. A brick wall's course or a fence rail parts
 * the same wall from itself: no surface there.
 */
function distinctRegions(surface: SceneReading['surface'], small: RawImage) {
  if (!surface) return null;
  return partsRegions(Math.round(surface.back * small.height), small) ? surface : null;
}

/** Whether the photo's mean colour over 15 % of its height differs on the two sides of a row. */
function partsRegions(line: number, { data, width, height, channels }: RawImage): boolean {
  const band = Math.max(2, Math.round(height * 0.15));
  const mean = (from: number, to: number) => {
    const sum = [0, 0, 0];
    let n = 0;
    for (let y = Math.max(0, from); y < Math.min(height, to); y++)
      for (let i = y * width * channels, end = i + width * channels; i < end; i += channels, n++)
        for (let c = 0; c < 3; c++) sum[c]! += data[i + c]!;
    return sum.map((v) => v / Math.max(1, n));
  };
  const [above, below] = [mean(line - band, line), mean(line, line + band)];
  const change = Math.hypot(above[0]! - below[0]!, above[1]! - below[1]!, above[2]! - below[2]!);
  return change >= LEAST_REGION_CHANGE;
}

/**
 * The light's side: a plane fitted to the photo's brightness (heavily smoothed by the fit itself);
 * the brighter side is where the light comes from, when the slope is clear.
 */
function lightOf(grey: Float32Array, width: number, height: number): SceneReading['light'] {
  let sum = 0;
  let sx = 0;
  let sy = 0;
  let xx = 0;
  let yy = 0;
  for (let y = 0; y < height; y++) {
    const v = y / (height - 1) - 0.5;
    for (let x = 0; x < width; x++) {
      const u = x / (width - 1) - 0.5;
      const l = grey[y * width + x]!;
      sum += l;
      sx += u * l;
      sy += v * l;
      xx += u * u;
      yy += v * v;
    }
  }
  const mean = sum / grey.length;
  if (mean < 1) return null;
  // Brightness change from one edge to the other, as a share of the mean.
  const across = sx / xx / mean;
  const down = sy / yy / mean;
  const strength = Math.max(Math.abs(across), -down);
  if (strength < 0.12) return null;
  const from = -down > Math.abs(across) ? 'top' : across > 0 ? 'right' : 'left';
  return { from, strength: Math.round(Math.min(1, strength) * 100) / 100 };
}

/** Red against blue in the brighter half of the photo, where the light's colour shows. */
function temperatureOf({ data, channels }: RawImage, grey: Float32Array): number {
  const sorted = Float32Array.from(grey).sort();
  const median = sorted[Math.floor(sorted.length / 2)]!;
  let red = 0;
  let blue = 0;
  for (let p = 0, i = 0; p < grey.length; p++, i += channels) {
    if (grey[p]! < median) continue;
    red += data[i]!;
    blue += data[i + 2]!;
  }
  if (red + blue === 0) return 0;
  return Math.round(Math.max(-1, Math.min(1, ((red - blue) / (red + blue)) * 4)) * 100) / 100;
}
