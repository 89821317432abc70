/**
 * Tidying a segmentation: the main subject's components without stray islands, small holes filled,
 * and real background holes (a mug's handle, the space between a chair's legs) kept open.
 */

type Components = { labels: Int32Array; areas: number[]; touchesBorder: boolean[] };

/** 4-connected components of the pixels where `mask[p] === value`. Label 0 is "not in the set". */
export function components(mask: Uint8Array, width: number, height: number, value: number): Components {
  const labels = new Int32Array(mask.length);
  const areas = [0];
  const touchesBorder = [false];
  const stack = new Int32Array(mask.length);
  for (let start = 0; start < mask.length; start++) {
    if (mask[start] !== value || labels[start]) continue;
    const label = areas.length;
    let area = 0;
    let border = false;
    let top = 0;
    stack[top++] = start;
    labels[start] = label;
    while (top) {
      const p = stack[--top]!;
      area++;
      const x = p % width;
      const y = (p - x) / width;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) border = true;
      if (x > 0 && mask[p - 1] === value && !labels[p - 1]) {
        labels[p - 1] = label;
        stack[top++] = p - 1;
      }
      if (x < width - 1 && mask[p + 1] === value && !labels[p + 1]) {
        labels[p + 1] = label;
        stack[top++] = p + 1;
      }
      if (y > 0 && mask[p - width] === value && !labels[p - width]) {
        labels[p - width] = label;
        stack[top++] = p - width;
      }
      if (y < height - 1 && mask[p + width] === value && !labels[p + width]) {
        labels[p + width] = label;
        stack[top++] = p + width;
      }
    }
    areas.push(area);
    touchesBorder.push(border);
  }
  return { labels, areas, touchesBorder };
}

export type CleanOptions = {
  /** Components smaller than this share of the largest are dropped. */
  minComponentShare?: number;
  /** Enclosed holes smaller than this share of the product are filled. */
  maxHoleShare?: number;
};

export function cleanMask(
  mask: Uint8Array,
  width: number,
  height: number,
  options: CleanOptions = {},
): Uint8Array {
  const { minComponentShare = 0.25, maxHoleShare = 0.01 } = options;
  const fore = components(mask, width, height, 1);
  const largest = Math.max(0, ...fore.areas);
  const kept = new Uint8Array(fore.areas.length);
  for (let label = 1; label < fore.areas.length; label++)
    if (fore.areas[label]! >= largest * minComponentShare) kept[label] = 1;
  const out = new Uint8Array(mask.length);
  let area = 0;
  for (let p = 0; p < mask.length; p++)
    if (fore.labels[p] && kept[fore.labels[p]!]) {
      out[p] = 1;
      area++;
    }
  const back = components(out, width, height, 0);
  for (let p = 0; p < out.length; p++) {
    const label = back.labels[p]!;
    if (label && !back.touchesBorder[label] && back.areas[label]! < area * maxHoleShare) out[p] = 1;
  }
  return out;
}

/**
 * How many separate pieces a mask holds (4-connected, at least `minShare` of the largest one's area):
 * a cut-out in several pieces often took in something beside the product (a lid, a cup, a sign), and
 * the user is asked to look twice.
 */
export function pieceCount(mask: Uint8Array, width: number, height: number, minShare = 0.1): number {
  const { areas } = components(mask, width, height, 1);
  const largest = Math.max(0, ...areas);
  if (largest === 0) return 0;
  return areas.filter((area) => area > 0 && area >= largest * minShare).length;
}
