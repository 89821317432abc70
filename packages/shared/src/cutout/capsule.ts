/**
 * The area a brush stroke covers, as runs of pixels per row: the union of the capsules (a disc swept
 * along each segment) along its path, every pixel written once however much the segments overlap.
 */

/** A rectangle of a mask, in pixels: its top-left corner and size. */
export type Region = { x0: number; y0: number; width: number; height: number };

/** The x-range (pixel centres) of a disc's chord at row centre `cy`, merged into `range` (none: unchanged). */
function discRange(px: number, py: number, r: number, cy: number, range: Float64Array): void {
  const ey = cy - py;
  if (ey > r || ey < -r) return;
  const half = Math.sqrt(r * r - ey * ey);
  if (px - half < range[0]!) range[0] = px - half;
  if (px + half > range[1]!) range[1] = px + half;
}

/**
 * Calls `span(y, from, to)` for every row of pixels whose centres lie within `r` of the segment a-b
 * (a capsule), in region coordinates. Convex, so each row meets it in one run.
 */
function capsuleSpans(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  r: number,
  region: Region,
  span: (y: number, from: number, to: number) => void,
): void {
  const dx = bx - ax;
  const dy = by - ay;
  const length = Math.hypot(dx, dy);
  const ux = length ? dx / length : 0;
  const uy = length ? dy / length : 0;
  const top = Math.max(region.y0, Math.ceil(Math.min(ay, by) - r - 0.5));
  const bottom = Math.min(region.y0 + region.height - 1, Math.floor(Math.max(ay, by) + r - 0.5));
  const range = new Float64Array(2);
  for (let y = top; y <= bottom; y++) {
    const cy = y + 0.5;
    range[0] = Infinity;
    range[1] = -Infinity;
    discRange(ax, ay, r, cy, range);
    discRange(bx, by, r, cy, range);
    if (length) {
      // Along the segment, 0 <= (c - a)·u <= length, and across it, |(c - a)×u| <= r: both linear in x.
      let from = -Infinity;
      let to = Infinity;
      const along = (cy - ay) * uy;
      if (Math.abs(ux) > 1e-12) {
        const p = (0 - along) / ux + ax;
        const q = (length - along) / ux + ax;
        from = Math.min(p, q);
        to = Math.max(p, q);
      } else if (along < 0 || along > length) to = -Infinity;
      const across = (cy - ay) * ux;
      if (Math.abs(uy) > 1e-12) {
        const p = (across + r) / uy + ax;
        const q = (across - r) / uy + ax;
        from = Math.max(from, Math.min(p, q));
        to = Math.min(to, Math.max(p, q));
      } else if (across < -r || across > r) to = -Infinity;
      if (from <= to) {
        if (from < range[0]!) range[0] = from;
        if (to > range[1]!) range[1] = to;
      }
    }
    if (range[0]! > range[1]!) continue;
    const first = Math.max(region.x0, Math.ceil(range[0]! - 0.5));
    const last = Math.min(region.x0 + region.width - 1, Math.floor(range[1]! - 0.5));
    if (first <= last) span(y - region.y0, first - region.x0, last - region.x0);
  }
}

/**
 * Paints `value` over the capsules of radius `r` along `path`, inside `region`. The capsules' runs
 * are merged row by row first, so each pixel is written once however much the segments overlap.
 */
export function paintPath(
  zone: Uint8Array,
  region: Region,
  path: [number, number][],
  r: number,
  value: number,
): number[][] {
  const rows: number[][] = Array.from({ length: region.height }, () => []);
  const segments = path.length === 1 ? [[path[0]!, path[0]!]] : path.slice(1).map((p, i) => [path[i]!, p]);
  for (const [a, b] of segments)
    capsuleSpans(a![0], a![1], b![0], b![1], r, region, (y, from, to) => addRun(rows[y]!, from, to));
  for (let y = 0; y < region.height; y++) {
    const runs = rows[y]!;
    const row = y * region.width;
    for (let i = 0; i < runs.length; i += 2) zone.fill(value, row + runs[i]!, row + runs[i + 1]! + 1);
  }
  return rows;
}

/** Adds the run from-to (inclusive) to a row's runs [from0, to0, from1, to1, …], merging overlaps. */
function addRun(runs: number[], from: number, to: number): void {
  let lo = from;
  let hi = to;
  let i = 0;
  while (i < runs.length) {
    const a = runs[i]!;
    const b = runs[i + 1]!;
    if (b + 1 < lo || a > hi + 1) {
      i += 2;
      continue;
    }
    lo = Math.min(lo, a);
    hi = Math.max(hi, b);
    runs.splice(i, 2);
  }
  runs.push(lo, hi);
}
