/**
 * The parts of a product the model half-sees: a white bowl on a white sheet holding dark berries, a
 * pale jar under a dark lid. The salient-object model is sure of the part that stands out and gives
 * the pale part beside it a faint answer (0.1 to 0.6 where the background gets 0.01), so the mask
 * keeps the berries and drops the bowl. A faint region joined to the model's clear answer, well apart
 * from the photo's border, thicker than an edge's blur and not larger than the clear answer itself is
 * taken as part of the product: the map is lifted there to SURE.
 */

/** The model's clear answer: the mask's own threshold. */
const CLEAR = 0.5;
/** A pixel the model half-sees. */
const FAINT = 0.08;
/** The map's own blur around a clear answer reaches this far (pixels of the analysis copy). */
const HALO = 4;
/** A faint part reaches at least this far beyond the clear answer: a bowl below its berries. */
const FAR = 10;
/** Its far pixels are at least this share of the clear answer's area, and their mean at least this. */
const LEAST_FAR = 0.03;
const LEAST_MEAN = 0.15;
/** A faint region at most this many times the clear answer's area (a larger one is scenery). */
const MOST = 1;
/** The far part's mean step of lightness is at most this many times the clear answer's. */
const BUSIER = 2;
/** What a lifted pixel becomes. */
const SURE = 0.9;

/** `map` with the faint parts joined to its clear answer lifted to SURE (a new array when any is). */
export function withFaintParts(
  map: Float32Array,
  lab: Float32Array,
  width: number,
  height: number,
): Float32Array {
  const n = width * height;
  // Each faint pixel's distance (steps through faint pixels) from the clear answer.
  const distance = new Int32Array(n).fill(-1);
  let queue: number[] = [];
  let clear = 0;
  for (let p = 0; p < n; p++)
    if (map[p]! >= CLEAR) {
      clear++;
      distance[p] = 0;
      queue.push(p);
    }
  if (!clear) return map;
  const order: number[] = [];
  while (queue.length) {
    const next: number[] = [];
    for (const p of queue) {
      const x = p % width;
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
        if (q < 0 || q >= n || distance[q] !== -1 || map[q]! < FAINT) continue;
        distance[q] = distance[p]! + 1;
        next.push(q);
        order.push(q);
      }
    }
    queue = next;
  }
  if (order.length > MOST * clear) return map;
  let far = 0;
  let farSum = 0;
  for (const p of order) {
    const x = p % width;
    const y = (p - x) / width;
    // Faint pixels on the photo's border: scenery the product stands in, not a part of it.
    if (x === 0 || y === 0 || x === width - 1 || y === height - 1) return map;
    if (distance[p]! >= FAR) {
      far++;
      farSum += map[p]!;
    }
  }
  if (far < LEAST_FAR * clear || farSum / far < LEAST_MEAN) return map;
  // A pale part is plain beside what stands out on it (a bowl's glaze under its berries, a clock's
  // bell); a branch or a cloth's print the model half-sees beside a product is busier than it.
  const busy = (pick: (p: number) => boolean) => {
    let sum = 0;
    let count = 0;
    for (let y = 0; y < height - 1; y++)
      for (let x = 0, p = y * width; x < width - 1; x++, p++) {
        if (!pick(p)) continue;
        sum += Math.abs(lab[(p + 1) * 3]! - lab[p * 3]!) + Math.abs(lab[(p + width) * 3]! - lab[p * 3]!);
        count++;
      }
    return count ? sum / count : 0;
  };
  if (busy((p) => distance[p]! >= FAR) > BUSIER * busy((p) => map[p]! >= CLEAR)) return map;
  // The part beyond the halo, and the halo between it and the clear answer: not the halo elsewhere.
  const out = Float32Array.from(map);
  const beyond = new Uint8Array(n);
  for (const p of order) if (distance[p]! > HALO) beyond[p] = 1;
  for (const p of order) if (beyond[p] || nearBeyond(beyond, p, width, height, HALO + 1)) out[p] = SURE;
  return out;
}

/** Whether a pixel of `beyond` lies within `reach` pixels (a square) of `p`. */
function nearBeyond(beyond: Uint8Array, p: number, width: number, height: number, reach: number): boolean {
  const x = p % width;
  const y = (p - x) / width;
  for (let ny = Math.max(0, y - reach); ny <= Math.min(height - 1, y + reach); ny++)
    for (let nx = Math.max(0, x - reach); nx <= Math.min(width - 1, x + reach); nx++)
      if (beyond[ny * width + nx]) return true;
  return false;
}
