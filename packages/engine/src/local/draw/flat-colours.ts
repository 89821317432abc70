/**
 * The illustration's flat colours: a quantised picture's colours counted, thin rings of in-between
 * colours voted away, and an enlarged, smoothed copy snapped back to the colours of the shapes around
 * each pixel, so that no ring of a third colour appears where two shapes meet.
 */
import type { RawImage } from '../../image/sharp';

/** A quantised image's distinct colours, as r, g, b triples, and each pixel's index among them. */
export type Indexed = { colours: Uint8Array; labels: Uint8Array };

function indexColours({ data, width, height, channels }: RawImage): Indexed {
  const keys = new Map<number, number>();
  const labels = new Uint8Array(width * height);
  const found: number[] = [];
  for (let p = 0, i = 0; p < labels.length; p++, i += channels) {
    const key = (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!;
    let label = keys.get(key);
    if (label === undefined) {
      // A PNG palette has at most 256 colours.
      label = Math.min(255, keys.size);
      keys.set(key, label);
      found.push(data[i]!, data[i + 1]!, data[i + 2]!);
    }
    labels[p] = label;
  }
  return { colours: Uint8Array.from(found), labels };
}

/**
 * Each pixel takes the most common colour of its 3x3 neighbourhood, `passes` times; `image` is
 * rewritten in place with the result. Returns the colours and each pixel's index among them.
 */
export function majority(image: RawImage, passes: number): Indexed {
  const { data, width, height, channels } = image;
  const { colours, labels: first } = indexColours(image);
  let labels = first;
  const counts = new Uint8Array(256);
  for (let pass = 0; pass < passes; pass++) {
    const next = labels.slice();
    for (let y = 1; y < height - 1; y++) {
      for (let p = y * width + 1, end = (y + 1) * width - 1; p < end; p++) {
        let best = labels[p]!;
        // Inside a flat, every neighbour is the same: nothing to count.
        const up = p - width;
        const down = p + width;
        if (
          labels[up - 1] === best &&
          labels[up] === best &&
          labels[up + 1] === best &&
          labels[p - 1] === best &&
          labels[p + 1] === best &&
          labels[down - 1] === best &&
          labels[down] === best &&
          labels[down + 1] === best
        ) {
          continue;
        }
        // The neighbourhood's labels are counted, then their counts cleared: no full reset per pixel.
        for (let dy = -width; dy <= width; dy += width) {
          for (let dx = -1; dx <= 1; dx++) {
            const k = labels[p + dy + dx]!;
            if (++counts[k]! > counts[best]!) best = k;
          }
        }
        for (let dy = -width; dy <= width; dy += width) {
          for (let dx = -1; dx <= 1; dx++) counts[labels[p + dy + dx]!] = 0;
        }
        next[p] = best;
      }
    }
    labels = next;
  }
  for (let p = 0, i = 0; p < labels.length; p++, i += channels) {
    const c = labels[p]! * 3;
    data[i] = colours[c]!;
    data[i + 1] = colours[c + 1]!;
    data[i + 2] = colours[c + 2]!;
  }
  return { colours, labels };
}

/**
 * Every pixel of `image` (an enlarged, blurred copy of the small picture whose colours and labels
 * `shapes` holds, `smallWidth` × `smallHeight`) to the nearest of the colours of the small picture's
 * 3x3 pixels around it, in place. A blur across two shapes passes through the colours between them,
 * which the nearest colour of the whole palette would draw as a thin ring of a third shape; among the
 * shapes that meet there, the boundary is only moved, made smooth. Returns each pixel's index in the
 * palette.
 */
export function snapToNeighbours(
  image: RawImage,
  { colours, labels: small }: Indexed,
  smallWidth: number,
  smallHeight: number,
): Uint8Array {
  const { data, width, height, channels } = image;
  const labels = new Uint8Array(width * height);
  // The small pixel under each column and row, as libvips' nearest-neighbour enlargement chose it.
  const columns = Int32Array.from({ length: width }, (_, x) =>
    Math.min(smallWidth - 1, Math.floor((x * smallWidth) / width)),
  );
  const rows = Int32Array.from({ length: height }, (_, y) =>
    Math.min(smallHeight - 1, Math.floor((y * smallHeight) / height)),
  );
  const alone = insideOneShape(small, smallWidth, smallHeight);
  for (let y = 0, p = 0; y < height; y++) {
    const row = rows[y]!;
    const top = Math.max(0, row - 1);
    const bottom = Math.min(smallHeight - 1, row + 1);
    for (let x = 0; x < width; x++, p++) {
      const i = p * channels;
      const column = columns[x]!;
      let best = small[row * smallWidth + column]!;
      // Inside a shape, the blur had nothing else to mix in: its colour, with nothing to compare.
      if (!alone[row * smallWidth + column]) {
        const r = data[i]!;
        const g = data[i + 1]!;
        const b = data[i + 2]!;
        const left = Math.max(0, column - 1);
        const right = Math.min(smallWidth - 1, column + 1);
        let distance = Infinity;
        for (let v = top; v <= bottom; v++) {
          for (let u = left; u <= right; u++) {
            const k = small[v * smallWidth + u]!;
            const c = k * 3;
            const dr = colours[c]! - r;
            const dg = colours[c + 1]! - g;
            const db = colours[c + 2]! - b;
            const d = dr * dr + dg * dg + db * db;
            if (d < distance) {
              distance = d;
              best = k;
            }
          }
        }
      }
      labels[p] = best;
      const c = best * 3;
      data[i] = colours[c]!;
      data[i + 1] = colours[c + 1]!;
      data[i + 2] = colours[c + 2]!;
    }
  }
  return labels;
}

/** 1 where a pixel's 3x3 neighbourhood (within the picture) holds its own label only. */
function insideOneShape(labels: Uint8Array, width: number, height: number): Uint8Array {
  const alone = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const own = labels[y * width + x]!;
      let same = 1;
      for (let v = Math.max(0, y - 1); v <= Math.min(height - 1, y + 1) && same; v++)
        for (let u = Math.max(0, x - 1); u <= Math.min(width - 1, x + 1); u++)
          if (labels[v * width + u] !== own) {
            same = 0;
            break;
          }
      alone[y * width + x] = same;
    }
  return alone;
}
