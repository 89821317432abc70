/**
 * The parts of a product the model half-sees: a white bowl on a white sheet holding dark berries, a
 * pale jar under a dark lid. The salient-object model is sure of the part that stands out and gives
 * the pale part beside it a faint answer (between 0.08 and the mask's 0.5, where the background gets
 * about 0.01), so the mask keeps the berries and drops the bowl.
 *
 * The faint pixels are measured by their steps (through faint pixels) from the model's clear answer.
 * When all of them, blur included, stay apart from the scenery (none on the photo's border, no more
 * of them than the clear answer's area), those beyond the map's own blur (HALO) fall into regions,
 * each judged on its own: it is taken as part of the product when it reaches FAR steps from the clear
 * answer over a share of its area, with a mean answer there of at least LEAST_MEAN, and when it is no
 * busier than the clear answer (a bowl's glaze is plain beside its berries; a branch the model
 * half-sees above a backpack is not). A region taken is lifted to SURE with the blur between it and the
 * clear answer; the blur elsewhere stays as the model gave it.
 */
import { components } from './clean';

/** The model's clear answer: the mask's own threshold. */
const CLEAR = 0.5;
/** A pixel the model half-sees. */
const FAINT = 0.08;
/** The map's own blur around a clear answer reaches this many steps (pixels of the analysis copy). */
const HALO = 4;
/** A region reaches at least this many steps beyond the clear answer: a bowl below its berries. */
const FAR = 10;
/** Its far pixels are at least this share of the clear answer's area… */
const LEAST_FAR_SHARE = 0.03;
/** …and the model's mean answer over them at least this. */
const LEAST_MEAN = 0.15;
/** The faint answer, blur included, at most this many times the clear answer's area (else scenery). */
const MOST_AREA = 1;
/** Its mean step of lightness between neighbours at most this many times the clear answer's… */
const MOST_BUSIER = 2;
/** …which counts as at least this (in L*), so a flat product does not refuse every texture. */
const LEAST_BUSY = 2;
/**
 * What a lifted pixel becomes: above studio-or-model.ts's 0.85, so that a lifted part counts as one the
 * model is sure of when its map is weighed against a plain backdrop's separation.
 */
const SURE = 0.9;

/** `map` with the faint parts joined to its clear answer lifted to SURE (a new array when any is). */
export function withFaintParts(
  map: Float32Array,
  lab: Float32Array,
  width: number,
  height: number,
): Float32Array {
  const { distance, clear } = stepsFromClear(map, width, height);
  if (!clear || !apart(distance, width, height, clear)) return map;
  const beyond = new Uint8Array(map.length);
  for (let p = 0; p < map.length; p++) if (distance[p]! > HALO) beyond[p] = 1;
  const { labels, areas } = components(beyond, width, height, 1);
  const clearBusy = Math.max(
    LEAST_BUSY,
    busyness(lab, width, height, (p) => map[p]! >= CLEAR),
  );
  const lifted = takenRegions(labels, areas.length, map, distance, clear).map(
    (farEnough, label) =>
      farEnough && busyness(lab, width, height, (p) => labels[p] === label) <= MOST_BUSIER * clearBusy,
  );
  if (!lifted.some(Boolean)) return map;
  const out = Float32Array.from(map);
  liftWithItsBlur(out, (p) => lifted[labels[p]!]!, distance, width, height);
  return out;
}

/**
 * Each pixel's steps (4-neighbours, through faint pixels) from the clear answer: 0 on it, -1 where
 * none reach; and the clear answer's area.
 */
function stepsFromClear(map: Float32Array, width: number, height: number) {
  const n = width * height;
  const distance = new Int32Array(n).fill(-1);
  let queue: number[] = [];
  let clear = 0;
  for (let p = 0; p < n; p++)
    if (map[p]! >= CLEAR) {
      clear++;
      distance[p] = 0;
      queue.push(p);
    }
  while (queue.length) {
    const next: number[] = [];
    for (const p of queue) {
      const x = p % width;
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
        // Written so that a NaN in the map is never faint.
        if (q < 0 || q >= n || distance[q] !== -1 || !(map[q]! >= FAINT)) continue;
        distance[q] = distance[p]! + 1;
        next.push(q);
      }
    }
    queue = next;
  }
  return { distance, clear };
}

/**
 * Whether the faint answer around the clear one, blur included, stays apart from the scenery: it
 * touches no border of the photo, and it is no larger than the clear answer. Otherwise the model
 * half-sees the place as much as the product, and nothing is lifted.
 */
function apart(distance: Int32Array, width: number, height: number, clear: number): boolean {
  let faint = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0, p = y * width; x < width; x++, p++) {
      if (distance[p]! <= 0) continue;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) return false;
      faint++;
    }
  return faint <= MOST_AREA * clear;
}

/**
 * Per region (by label, 0 for none): whether it reaches far enough beyond the clear answer, over enough
 * of its area, with a mean answer high enough there.
 */
function takenRegions(
  labels: Int32Array,
  count: number,
  map: Float32Array,
  distance: Int32Array,
  clear: number,
): boolean[] {
  const far = new Float64Array(count);
  const farSum = new Float64Array(count);
  for (let p = 0; p < labels.length; p++)
    if (labels[p] && distance[p]! >= FAR) {
      far[labels[p]!]!++;
      farSum[labels[p]!]! += map[p]!;
    }
  return Array.from(
    far,
    (n, label) => label > 0 && n >= LEAST_FAR_SHARE * clear && farSum[label]! / n >= LEAST_MEAN,
  );
}

/**
 * The mean step of lightness (Lab's L, 3 values a pixel) between neighbours across and down, both
 * inside the region `inside` picks: its texture, not its outline.
 */
function busyness(lab: Float32Array, width: number, height: number, inside: (p: number) => boolean): number {
  let sum = 0;
  let count = 0;
  for (let y = 0; y < height - 1; y++)
    for (let x = 0, p = y * width; x < width - 1; x++, p++) {
      if (!inside(p)) continue;
      if (inside(p + 1)) {
        sum += Math.abs(lab[(p + 1) * 3]! - lab[p * 3]!);
        count++;
      }
      if (inside(p + width)) {
        sum += Math.abs(lab[(p + width) * 3]! - lab[p * 3]!);
        count++;
      }
    }
  return count ? sum / count : 0;
}

/**
 * Lifts the pixels `chosen` picks to SURE in `out`, and the blur between them and the clear answer: the
 * faint pixels within the blur's reach that lie within HALO + 1 pixels (a square) of one, so no seam is
 * left.
 */
function liftWithItsBlur(
  out: Float32Array,
  chosen: (p: number) => boolean,
  distance: Int32Array,
  width: number,
  height: number,
) {
  const reach = HALO + 1;
  for (let p = 0; p < out.length; p++) {
    if (!chosen(p)) continue;
    out[p] = SURE;
    const x = p % width;
    const y = (p - x) / width;
    for (let ny = Math.max(0, y - reach); ny <= Math.min(height - 1, y + reach); ny++)
      for (let nx = Math.max(0, x - reach); nx <= Math.min(width - 1, x + reach); nx++) {
        const q = ny * width + nx;
        if (distance[q]! > 0 && distance[q]! <= HALO) out[q] = SURE;
      }
  }
}
