/**
 * SLIC superpixels (Achanta et al., "SLIC Superpixels Compared to State-of-the-Art Superpixel Methods",
 * TPAMI 2012) on a small Lab image: compact regions of similar colour, the units the saliency works on.
 * Orphan fragments are merged into a neighbour, so every label is one connected region.
 */
export type Superpixels = {
  labels: Int32Array;
  count: number;
  /** Per region: mean L, a, b, mean x, y in 0..1, pixel count. */
  lab: Float32Array;
  position: Float32Array;
  size: Int32Array;
  /** Region pairs that touch (i < j), as a flat list. */
  edges: Int32Array;
  /** 1 for a region touching the image border. */
  border: Uint8Array;
};

export function slic(
  lab: Float32Array,
  width: number,
  height: number,
  wanted: number,
  compactness = 10,
  /** Rounds of assigning pixels and moving the centres (the cut-out's saliency uses eight). */
  iterations = 8,
): Superpixels {
  const count = width * height;
  const step = Math.max(2, Math.round(Math.sqrt(count / wanted)));
  const centres: number[] = [];
  for (let y = Math.floor(step / 2); y < height; y += step)
    for (let x = Math.floor(step / 2); x < width; x += step) {
      const p = y * width + x;
      centres.push(lab[p * 3]!, lab[p * 3 + 1]!, lab[p * 3 + 2]!, x, y);
    }
  const k = centres.length / 5;
  const c = Float64Array.from(centres);
  const labels = new Int32Array(count).fill(-1);
  const distance = new Float32Array(count);
  const spatial = (compactness / step) ** 2;
  const sums = new Float64Array(k * 6);
  for (let iteration = 0; iteration < iterations; iteration++) {
    distance.fill(Infinity);
    for (let i = 0; i < k; i++) {
      const cx = c[i * 5 + 3]!;
      const cy = c[i * 5 + 4]!;
      const x0 = Math.max(0, Math.floor(cx - step));
      const x1 = Math.min(width - 1, Math.ceil(cx + step));
      const y0 = Math.max(0, Math.floor(cy - step));
      const y1 = Math.min(height - 1, Math.ceil(cy + step));
      const l = c[i * 5]!;
      const a = c[i * 5 + 1]!;
      const b = c[i * 5 + 2]!;
      for (let y = y0; y <= y1; y++) {
        const dy = y - cy;
        for (let x = x0, p = y * width + x0; x <= x1; x++, p++) {
          const dl = lab[p * 3]! - l;
          const da = lab[p * 3 + 1]! - a;
          const db = lab[p * 3 + 2]! - b;
          const dx = x - cx;
          const d = dl * dl + da * da + db * db + (dx * dx + dy * dy) * spatial;
          if (d < distance[p]!) {
            distance[p] = d;
            labels[p] = i;
          }
        }
      }
    }
    sums.fill(0);
    for (let y = 0, p = 0; y < height; y++)
      for (let x = 0; x < width; x++, p++) {
        const i = labels[p]! * 6;
        sums[i]! += lab[p * 3]!;
        sums[i + 1]! += lab[p * 3 + 1]!;
        sums[i + 2]! += lab[p * 3 + 2]!;
        sums[i + 3]! += x;
        sums[i + 4]! += y;
        sums[i + 5]!++;
      }
    for (let i = 0; i < k; i++) {
      const n = sums[i * 6 + 5]!;
      if (!n) continue;
      for (let j = 0; j < 5; j++) c[i * 5 + j] = sums[i * 6 + j]! / n;
    }
  }
  return connected(labels, lab, width, height, Math.max(4, (step * step) >> 2));
}

/** Relabels regions so each is connected; fragments under `minSize` join the region they touch. */
function connected(
  labels: Int32Array,
  lab: Float32Array,
  width: number,
  height: number,
  minSize: number,
): Superpixels {
  const count = width * height;
  const out = new Int32Array(count).fill(-1);
  const stack = new Int32Array(count);
  const members = new Int32Array(count);
  let next = 0;
  for (let start = 0; start < count; start++) {
    if (out[start] !== -1) continue;
    const label = labels[start]!;
    let top = 0;
    let size = 0;
    stack[top++] = start;
    out[start] = next;
    let neighbour = -1;
    while (top) {
      const p = stack[--top]!;
      members[size++] = p;
      const x = p % width;
      const around = [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width];
      for (const q of around) {
        if (q < 0 || q >= count) continue;
        if (labels[q] === label) {
          if (out[q] === -1) {
            out[q] = next;
            stack[top++] = q;
          }
        } else if (out[q]! >= 0 && out[q] !== next) neighbour = out[q]!;
      }
    }
    if (size < minSize && neighbour >= 0) for (let m = 0; m < size; m++) out[members[m]!] = neighbour;
    else next++;
  }
  return describe(out, next, lab, width, height);
}

function describe(
  labels: Int32Array,
  count: number,
  lab: Float32Array,
  width: number,
  height: number,
): Superpixels {
  const sums = new Float64Array(count * 5);
  const size = new Int32Array(count);
  const border = new Uint8Array(count);
  const pairs = new Set<number>();
  for (let y = 0, p = 0; y < height; y++)
    for (let x = 0; x < width; x++, p++) {
      const i = labels[p]!;
      sums[i * 5]! += lab[p * 3]!;
      sums[i * 5 + 1]! += lab[p * 3 + 1]!;
      sums[i * 5 + 2]! += lab[p * 3 + 2]!;
      sums[i * 5 + 3]! += x / (width - 1);
      sums[i * 5 + 4]! += y / (height - 1);
      size[i]!++;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) border[i] = 1;
      if (x < width - 1 && labels[p + 1] !== i) pairs.add(pairKey(i, labels[p + 1]!, count));
      if (y < height - 1 && labels[p + width] !== i) pairs.add(pairKey(i, labels[p + width]!, count));
    }
  const meanLab = new Float32Array(count * 3);
  const position = new Float32Array(count * 2);
  for (let i = 0; i < count; i++) {
    const n = Math.max(1, size[i]!);
    for (let j = 0; j < 3; j++) meanLab[i * 3 + j] = sums[i * 5 + j]! / n;
    position[i * 2] = sums[i * 5 + 3]! / n;
    position[i * 2 + 1] = sums[i * 5 + 4]! / n;
  }
  const edges = new Int32Array(pairs.size * 2);
  let e = 0;
  for (const key of pairs) {
    edges[e++] = Math.floor(key / count);
    edges[e++] = key % count;
  }
  return { labels, count, lab: meanLab, position, size, edges, border };
}

const pairKey = (a: number, b: number, count: number) => (a < b ? a * count + b : b * count + a);
