/**
 * A picture as an illustrator's flat shapes: superpixels (SLIC, compact regions that follow the
 * photo's edges), neighbours of like colour merged, the patches still smaller than 3 % of the picture
 * absorbed by their most alike neighbour, each shape filled with its mean colour. A busy photo (a café's
 * chairs and tables, a kitchen, a lawn, a gingham cloth) keeps its structure as a few calm shapes
 * instead of the camouflage of blobs a median and a colour count make of it (decisions 103 and 107).
 */
import { slic, type Superpixels } from '../../cutout/superpixels';
import type { RawImage } from '../../image/sharp';
import { labImage } from '../../pixels/color';

/** A superpixel's side, as a share of the picture's shorter side (a fourteenth). */
const REGION_SIDE = 1 / 14;
/** SLIC's compactness: higher, rounder regions that follow faint edges less. */
const COMPACTNESS = 20;
/** Neighbouring shapes closer than this in colour (ΔE76 of their means) become one. */
const MERGE_BELOW = 14;
/**
 * SLIC's rounds: four place the regions' edges nearly as well as eight (the café's structure 0.368
 * against 0.376, decision 103), at half the cost.
 */
const SLIC_ROUNDS = 4;
/** Rounds of merging: each merges every pair still below MERGE_BELOW, most alike first. */
const MERGE_ROUNDS = 6;
/**
 * A shape smaller than this share of the picture joins its most alike neighbour: an illustrator draws
 * a lawn or a tablecloth as one shape or a few, not as the patches of its tones (decision 107).
 */
const LEAST_SHAPE = 0.03;
/** Rounds of absorbing: a small shape that joined another small one may still be small. */
const ABSORB_ROUNDS = 40;

/** The picture's flat shapes, each pixel its shape's mean colour (3 channels). */
export async function flatRegions(image: RawImage): Promise<RawImage> {
  const { data, width, height, channels } = image;
  const lab = await labImage(image);
  const side = Math.max(2, Math.min(width, height) * REGION_SIDE);
  const regions = slic(
    lab,
    width,
    height,
    Math.max(1, Math.round((width * height) / (side * side))),
    COMPACTNESS,
    SLIC_ROUNDS,
  );
  const shape = mergedShapes(regions);
  const count = width * height;
  const sums = new Float64Array(regions.count * 4);
  for (let p = 0, i = 0; p < count; p++, i += channels) {
    const s = shape[regions.labels[p]!]! * 4;
    sums[s]! += data[i]!;
    sums[s + 1]! += data[i + 1]!;
    sums[s + 2]! += data[i + 2]!;
    sums[s + 3]!++;
  }
  const out = Buffer.alloc(count * 3);
  for (let p = 0; p < count; p++) {
    const s = shape[regions.labels[p]!]! * 4;
    const n = sums[s + 3]!;
    out[p * 3] = Math.round(sums[s]! / n);
    out[p * 3 + 1] = Math.round(sums[s + 1]! / n);
    out[p * 3 + 2] = Math.round(sums[s + 2]! / n);
  }
  return { data: out, width, height, channels: 3 };
}

/**
 * Shapes as they merge: a union-find over the superpixels, with each shape's mean colour (Lab) and size
 * kept up to date.
 */
function shapesOf({ count, lab, size }: Superpixels) {
  const parent = Int32Array.from({ length: count }, (_, i) => i);
  const mean = Float64Array.from(lab);
  const weight = Float64Array.from(size);
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  const apart = (a: number, b: number) =>
    Math.hypot(
      mean[a * 3]! - mean[b * 3]!,
      mean[a * 3 + 1]! - mean[b * 3 + 1]!,
      mean[a * 3 + 2]! - mean[b * 3 + 2]!,
    );
  /** Shape `b` (a root) joins shape `a` (a root). */
  const join = (a: number, b: number) => {
    const total = weight[a]! + weight[b]!;
    for (let c = 0; c < 3; c++)
      mean[a * 3 + c] = (mean[a * 3 + c]! * weight[a]! + mean[b * 3 + c]! * weight[b]!) / total;
    weight[a] = total;
    parent[b] = a;
  };
  return { root, apart, join, weight };
}

/** For each superpixel, the shape it belongs to once like neighbours and small shapes are merged. */
function mergedShapes(regions: Superpixels): Int32Array {
  const { count, edges, size } = regions;
  const shapes = shapesOf(regions);
  const { root, apart, join } = shapes;
  for (let round = 0; round < MERGE_ROUNDS; round++) {
    const close: { d: number; a: number; b: number }[] = [];
    for (let e = 0; e < edges.length; e += 2) {
      const a = root(edges[e]!);
      const b = root(edges[e + 1]!);
      if (a === b) continue;
      const d = apart(a, b);
      if (d < MERGE_BELOW) close.push({ d, a, b });
    }
    if (!close.length) break;
    close.sort((x, y) => x.d - y.d);
    for (const pair of close) {
      const a = root(pair.a);
      const b = root(pair.b);
      // Earlier merges moved the means: the pair is judged again as it is now.
      if (a === b || apart(a, b) >= MERGE_BELOW) continue;
      join(a, b);
    }
  }
  absorbSmallShapes(edges, shapes, LEAST_SHAPE * size.reduce((sum, n) => sum + n, 0));
  const shape = new Int32Array(count);
  for (let i = 0; i < count; i++) shape[i] = root(i);
  return shape;
}

/**
 * Each shape smaller than `least` pixels joins the neighbour most alike in colour, smallest first,
 * until none is left: the patches of tone a lawn, foliage or a patterned cloth leave between their
 * larger shapes, which the colour count then draws as camouflage (decision 107).
 */
function absorbSmallShapes(
  edges: Int32Array,
  { root, apart, join, weight }: ReturnType<typeof shapesOf>,
  least: number,
): void {
  for (let round = 0; round < ABSORB_ROUNDS; round++) {
    // For each small shape, its most alike neighbour.
    const nearest = new Map<number, { d: number; to: number }>();
    for (let e = 0; e < edges.length; e += 2) {
      const a = root(edges[e]!);
      const b = root(edges[e + 1]!);
      if (a === b) continue;
      const d = apart(a, b);
      for (const [small, other] of [
        [a, b],
        [b, a],
      ] as const) {
        if (weight[small]! >= least) continue;
        const known = nearest.get(small);
        if (!known || d < known.d) nearest.set(small, { d, to: other });
      }
    }
    if (!nearest.size) return;
    const smallestFirst = [...nearest].sort(([a], [b]) => weight[a]! - weight[b]!);
    for (const [small, { to }] of smallestFirst) {
      // A neighbour that joined another shape this round has another colour by now, and a small shape
      // that others joined may have grown past `least`: the next round looks again. The first of a
      // round always joins, so every round leaves fewer small shapes.
      if (root(to) !== to || weight[small]! >= least) continue;
      join(to, small);
    }
  }
}
