/**
 * Robust background detection (Zhu, Liang, Wei and Sun, "Saliency Optimization from Robust Background
 * Detection", CVPR 2014) on superpixels:
 *
 * - boundary connectivity: how much of a region's geodesic surroundings lies on the image border,
 *   against the square root of its area. Background touches the border along much of its extent; a
 *   product standing on a table touches it, if at all, on a short stretch.
 * - contrast weighted by background probability, then a least-squares optimisation of the saliency
 *   with background, foreground and smoothness terms between neighbouring regions.
 */
import type { Superpixels } from './superpixels';

const SIGMA_COLOUR = 10;
/** Geodesic distance beyond which a region's weight, exp(-d²/2σ²), is negligible (about 1 %). */
const REACH = 3 * SIGMA_COLOUR;
const SIGMA_SPACE = 0.25;
const SIGMA_CONNECTIVITY = 1;
const SMOOTHNESS_FLOOR = 0.1;
/** Lab steps below this cost nothing on a geodesic path (texture is not a barrier). */
const CLIP = 10;

/** Shortest-path distances from `source` over the region graph (edge weight: Lab distance). */
function geodesic(
  source: number,
  count: number,
  adjacency: Int32Array[],
  weights: Float32Array[],
  out: Float64Array,
): void {
  out.fill(Infinity);
  out[source] = 0;
  // A binary heap of (distance, node); stale entries are skipped when popped.
  const heap: number[] = [0, source];
  const push = (d: number, node: number) => {
    heap.push(d, node);
    let i = heap.length / 2 - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent * 2]! <= heap[i * 2]!) break;
      for (let k = 0; k < 2; k++)
        [heap[parent * 2 + k], heap[i * 2 + k]] = [heap[i * 2 + k]!, heap[parent * 2 + k]!];
      i = parent;
    }
  };
  const pop = (): [number, number] => {
    const top: [number, number] = [heap[0]!, heap[1]!];
    const lastNode = heap.pop()!;
    const lastD = heap.pop()!;
    if (heap.length) {
      heap[0] = lastD;
      heap[1] = lastNode;
      let i = 0;
      const n = heap.length / 2;
      for (;;) {
        const l = i * 2 + 1;
        const r = l + 1;
        let m = i;
        if (l < n && heap[l * 2]! < heap[m * 2]!) m = l;
        if (r < n && heap[r * 2]! < heap[m * 2]!) m = r;
        if (m === i) break;
        for (let k = 0; k < 2; k++) [heap[m * 2 + k], heap[i * 2 + k]] = [heap[i * 2 + k]!, heap[m * 2 + k]!];
        i = m;
      }
    }
    return top;
  };
  while (heap.length) {
    const [d, node] = pop();
    if (d > out[node]!) continue;
    const near = adjacency[node]!;
    const w = weights[node]!;
    for (let k = 0; k < near.length; k++) {
      const q = near[k]!;
      const nd = d + w[k]!;
      // Past three sigmas a region weighs nothing in the sums: the search stops there.
      if (nd < out[q]! && nd <= REACH) {
        out[q] = nd;
        push(nd, q);
      }
    }
  }
  void count;
}

/** Solves A x = b for a symmetric positive definite A given as diagonal + weighted graph Laplacian. */
function conjugateGradient(
  diagonal: Float64Array,
  edges: Int32Array,
  edgeWeight: Float64Array,
  b: Float64Array,
): Float64Array {
  const n = b.length;
  const apply = (x: Float64Array, out: Float64Array) => {
    for (let i = 0; i < n; i++) out[i] = diagonal[i]! * x[i]!;
    for (let e = 0; e < edgeWeight.length; e++) {
      const i = edges[e * 2]!;
      const j = edges[e * 2 + 1]!;
      const w = edgeWeight[e]!;
      const d = x[i]! - x[j]!;
      out[i]! += w * d;
      out[j]! -= w * d;
    }
  };
  const x = new Float64Array(n);
  const r = Float64Array.from(b);
  const p = Float64Array.from(r);
  const ap = new Float64Array(n);
  let rr = r.reduce((s, v) => s + v * v, 0);
  for (let iteration = 0; iteration < 200 && rr > 1e-12; iteration++) {
    apply(p, ap);
    let pap = 0;
    for (let i = 0; i < n; i++) pap += p[i]! * ap[i]!;
    const alpha = rr / pap;
    for (let i = 0; i < n; i++) {
      x[i]! += alpha * p[i]!;
      r[i]! -= alpha * ap[i]!;
    }
    const next = r.reduce((s, v) => s + v * v, 0);
    const beta = next / rr;
    rr = next;
    for (let i = 0; i < n; i++) p[i] = r[i]! + beta * p[i]!;
  }
  return x;
}

export type RegionSaliency = {
  /** Per region, 0 to 1. */
  saliency: Float32Array;
  /** Per region: probability of being background from boundary connectivity alone. */
  background: Float32Array;
};

export function backgroundDetection(regions: Superpixels): RegionSaliency {
  const { count, lab, position, edges, border, size } = regions;
  const appearance = (i: number, j: number) =>
    Math.hypot(
      lab[i * 3]! - lab[j * 3]!,
      lab[i * 3 + 1]! - lab[j * 3 + 1]!,
      lab[i * 3 + 2]! - lab[j * 3 + 2]!,
    );
  const near: number[][] = Array.from({ length: count }, () => []);
  const nearW: number[][] = Array.from({ length: count }, () => []);
  for (let e = 0; e < edges.length; e += 2) {
    const i = edges[e]!;
    const j = edges[e + 1]!;
    // Small steps cost nothing: a texture's many small changes must not add up to a barrier.
    const d = appearance(i, j);
    const w = d < CLIP ? 0 : d;
    near[i]!.push(j);
    nearW[i]!.push(w);
    near[j]!.push(i);
    nearW[j]!.push(w);
  }
  const adjacency = near.map((a) => Int32Array.from(a));
  const weights = nearW.map((a) => Float32Array.from(a));

  let meanSize = 0;
  for (let i = 0; i < count; i++) meanSize += size[i]!;
  meanSize /= count;
  const connectivity = new Float32Array(count);
  const distances = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    geodesic(i, count, adjacency, weights, distances);
    let area = 0;
    let length = 0;
    for (let j = 0; j < count; j++) {
      const s = Math.exp(-(distances[j]! ** 2) / (2 * SIGMA_COLOUR ** 2)) * (size[j]! / meanSize);
      area += s;
      if (border[j]) length += s;
    }
    connectivity[i] = length / Math.sqrt(area);
  }
  const background = new Float32Array(count);
  for (let i = 0; i < count; i++)
    background[i] = 1 - Math.exp(-(connectivity[i]! ** 2) / (2 * SIGMA_CONNECTIVITY ** 2));

  // Contrast to the likely background nearby.
  const contrast = new Float64Array(count);
  let maxContrast = 0;
  for (let i = 0; i < count; i++) {
    let sum = 0;
    for (let j = 0; j < count; j++) {
      if (i === j) continue;
      const dx = position[i * 2]! - position[j * 2]!;
      const dy = position[i * 2 + 1]! - position[j * 2 + 1]!;
      sum += appearance(i, j) * Math.exp(-(dx * dx + dy * dy) / (2 * SIGMA_SPACE ** 2)) * background[j]!;
    }
    contrast[i] = sum;
    if (sum > maxContrast) maxContrast = sum;
  }
  if (maxContrast > 0) for (let i = 0; i < count; i++) contrast[i]! /= maxContrast;

  const diagonal = new Float64Array(count);
  for (let i = 0; i < count; i++) diagonal[i] = background[i]! + contrast[i]!;
  const edgeWeight = new Float64Array(edges.length / 2);
  for (let e = 0; e < edgeWeight.length; e++) {
    const d = appearance(edges[e * 2]!, edges[e * 2 + 1]!);
    edgeWeight[e] = Math.exp(-(d * d) / (2 * SIGMA_COLOUR ** 2)) + SMOOTHNESS_FLOOR;
  }
  const solved = conjugateGradient(diagonal, edges, edgeWeight, contrast);
  const saliency = new Float32Array(count);
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of solved) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  for (let i = 0; i < count; i++) saliency[i] = hi > lo ? (solved[i]! - lo) / (hi - lo) : 0;
  return { saliency, background };
}
