/**
 * Flat inked illustration: the scene reduced to a few vivid flat colours with smooth, crisp boundaries,
 * inked where two flats differ clearly in tone along an edge of the scene.
 */
import type { Grading } from '../../art-direction/types';
import { fromEngineFile, fromRaw, guard, toRaw, type RawImage } from '../../image/sharp';
import { mixRgb, sobelAt } from '../../pixels/color';
import { lumaQ8 } from '../../pixels/fixed-point';
import { majority, snapToNeighbours } from './flat-colours';
import { flatRegions } from './flat-regions';

/**
 * The median's window on the quarter-size scene before it is drawn as shapes: a photo's grain goes,
 * its edges stay. The passes of majority vote after the colours are counted: thin rings of in-between
 * colours go to their neighbours.
 */
const GRAIN_MEDIAN = 9;
const ILLUSTRATION_MAJORITY = 3;
/**
 * The blur across the enlarged shapes before they are snapped back to their colours, a share of the
 * width (9 pixels on a 1080-pixel picture): boundaries as smooth curves, not the steps of the
 * quarter-size blocks (a 400th left them stepped; decision 107).
 */
const SHAPE_SMOOTHING = 1 / 120;
/**
 * The median's window on the quarter-size copy the outlines are judged on (21: grass, gravel and leaves
 * have no edges of their own there, a shape's outline stays; decision 090).
 */
const OUTLINE_MEDIAN = 21;
/**
 * The luma step a pixel (of 255, on the smoothed quarter-size copy) from which the scene has an edge
 * there: a hill against the sky, a rock on grass. A sky's gradient climbs one or two a pixel.
 */
const EDGE_STEP = 6;
/** The share of two flats' boundary that must lie on the scene's edges for it to be inked. */
const OUTLINE_ON_EDGES = 0.5;

/**
 * Vector-like illustration: the scene drawn as flat shapes (flat-regions.ts) and reduced to a few flat
 * colours at a quarter of its size, enlarged and smoothed, then snapped back to those colours, so
 * boundaries are crisp, smooth curves; then inked wherever two flats differ clearly in tone and the
 * scene has an edge along most of their boundary (decision 098).
 */
export async function illustrate(
  scene: RawImage,
  colours: number,
  ink: number,
  grading: Grading,
): Promise<RawImage> {
  const { width, height } = scene;
  // Vivid, contrasty flats: an illustrator's colours, not a photo's muted ones. Shapes are found at a
  // quarter of the size: an illustration keeps shapes, not detail.
  const quarter = await toRaw(fromRaw(scene).resize(Math.round(width / 4), Math.round(height / 4)));
  const vivid = (window: number) =>
    toRaw(fromRaw(quarter).median(window).modulate({ saturation: 1.4 }).linear(1.12, -14));
  const [grainless, smoothed] = await Promise.all([vivid(GRAIN_MEDIAN), vivid(OUTLINE_MEDIAN)]);
  // The scene as flat shapes that follow its structure (flat-regions.ts): the median's wide window
  // alone, which takes out grass and wicker, also melted a café's chairs into a camouflage of blobs
  // (decision 103).
  const small = await flatRegions(grainless);
  const png = await guard(fromRaw(small).png({ palette: true, colours, dither: 0, effort: 3 }).toBuffer());
  const flatSmall = await toRaw(fromEngineFile(png).toColourspace('srgb').removeAlpha());
  // Thin rings of in-between colours (where the photo had a soft edge) go to their neighbours.
  const shapes = majority(flatSmall, ILLUSTRATION_MAJORITY);
  const palette = shapes.colours;
  // Enlarged in blocks and blurred across them, then each pixel snapped to the nearest colour of the
  // shapes around it: smooth, curved boundaries, without the steps of the blocks (decision 107).
  const flat = await toRaw(
    fromRaw(flatSmall)
      .resize(width, height, { fit: 'fill', kernel: 'nearest' })
      .blur(Math.max(1, width * SHAPE_SMOOTHING)),
  );
  const labels = snapToNeighbours(flat, shapes, flatSmall.width, flatSmall.height);
  if (ink <= 0) return flat;
  // Inked where two neighbouring flats differ clearly in tone: decided once per pair of colours.
  const count = palette.length / 3;
  const tone = Array.from({ length: count }, (_, k) =>
    lumaQ8(palette[k * 3]!, palette[k * 3 + 1]!, palette[k * 3 + 2]!),
  );
  // …and where the scene itself has an edge along most of their boundary: a sky's gradient crosses
  // from one flat to the next without an edge, and their step is not an outline. Decided for each pair
  // of flat colours over the whole picture, not pixel by pixel: where two colours meet, their boundary
  // is inked along all of it or not at all (one cut into dashes where the scene's edge fades reads as
  // broken). A shape bordered by several colours is judged against each of them.
  const along = shapeEdgesAlong(labels, width, height, smoothed);
  const inked = new Uint8Array(256 * 256);
  for (let a = 0; a < count; a++) {
    for (let b = 0; b < count; b++) {
      const pair = (a << 8) | b;
      const seen = along.boundary[pair]! + along.boundary[(b << 8) | a]!;
      const onEdges = along.onEdge[pair]! + along.onEdge[(b << 8) | a]!;
      const outline = Math.abs(tone[a]! - tone[b]!) > 22 && onEdges >= OUTLINE_ON_EDGES * seen;
      inked[pair] = outline ? 255 : 0;
    }
  }
  const edges = Buffer.alloc(width * height);
  for (let y = 0; y < height - 1; y++) {
    for (let p = y * width, end = p + width - 1; p < end; p++) {
      const l = labels[p]! << 8;
      edges[p] = inked[l | labels[p + 1]!]! | inked[l | labels[p + width]!]!;
    }
  }
  // The line: a thin, anti-aliased stroke whose weight grows a little with the canvas.
  const line = await toRaw(
    fromRaw({ data: edges, width, height, channels: 1 })
      .blur(Math.max(0.8, Math.min(width, height) / 900))
      .extractChannel(0),
  );
  const colour = mixRgb(grading.swatch.dark, [0, 0, 0], 0.5).map(Math.round);
  inkLine(flat, line.data, colour, Math.round(ink * 256));
  return flat;
}

/**
 * For each pair of flats (a << 8 | b), how many pixels of their boundary there are, and how many of
 * them lie on an edge of the smoothed small copy: a step in luma of at least EDGE_STEP a pixel (Sobel),
 * or beside one.
 */
function shapeEdgesAlong(labels: Uint8Array, width: number, height: number, small: RawImage) {
  const { data, channels } = small;
  const sw = small.width;
  const sh = small.height;
  const luma = new Float32Array(sw * sh);
  for (let p = 0, i = 0; p < luma.length; p++, i += channels)
    luma[p] = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
  const edge = new Uint8Array(sw * sh);
  for (let y = 1; y < sh - 1; y++) {
    for (let x = 1, p = y * sw + 1; x < sw - 1; x++, p++) {
      // Sobel's weights sum to 8 over a step of one unit a pixel; its neighbours count too.
      if (sobelAt(luma, p, sw) / 8 < EDGE_STEP) continue;
      for (let dy = -sw; dy <= sw; dy += sw) for (let dx = -1; dx <= 1; dx++) edge[p + dy + dx] = 1;
    }
  }
  const boundary = new Uint32Array(256 * 256);
  const onEdge = new Uint32Array(256 * 256);
  const column = new Int32Array(width);
  for (let x = 0; x < width; x++) column[x] = Math.min(sw - 1, Math.floor((x * sw) / width));
  for (let y = 0; y < height - 1; y++) {
    const row = Math.min(sh - 1, Math.floor((y * sh) / height)) * sw;
    for (let x = 0, p = y * width; x < width - 1; x++, p++) {
      const l = labels[p]!;
      const right = labels[p + 1]!;
      const down = labels[p + width]!;
      if (l === right && l === down) continue;
      const on = edge[row + column[x]!]!;
      if (right !== l) {
        boundary[(l << 8) | right]!++;
        onEdge[(l << 8) | right]! += on;
      }
      if (down !== l) {
        boundary[(l << 8) | down]!++;
        onEdge[(l << 8) | down]! += on;
      }
    }
  }
  return { boundary, onEdge };
}

/** Mixes `colour` in where the line mask is set: opaque at a third of its peak, times `ink` / 256. */
function inkLine({ data, channels }: RawImage, line: Buffer, colour: number[], ink: number): void {
  const [r, g, b] = colour as [number, number, number];
  for (let p = 0, i = 0; p < line.length; p++, i += channels) {
    const m = line[p]!;
    if (m === 0) continue;
    // min(1, m / 255 * 3.2) * ink, in 1/256ths.
    const a = (Math.min(256, (m * 822) >> 8) * ink) >> 8;
    data[i] = data[i]! + (((r - data[i]!) * a) >> 8);
    data[i + 1] = data[i + 1]! + (((g - data[i + 1]!) * a) >> 8);
    data[i + 2] = data[i + 2]! + (((b - data[i + 2]!) * a) >> 8);
  }
}
