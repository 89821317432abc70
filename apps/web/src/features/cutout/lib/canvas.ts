/** Canvas helpers for showing a cut-out: images loaded, the mask as an overlay, the product trimmed. */

export function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.decoding = 'async';
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`image did not load: ${url}`));
    image.src = url;
  });
}

/** An image's pixels at `width` x `height` (RGBA). */
export function pixelsOf(image: CanvasImageSource, width: number, height: number): ImageData {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.drawImage(image, 0, 0, width, height);
  return context.getImageData(0, 0, width, height);
}

/** A grey mask image as one byte per pixel (255 = product), at `width` x `height`. */
export function alphaOf(mask: CanvasImageSource, width: number, height: number): Uint8ClampedArray {
  const rgba = pixelsOf(mask, width, height).data;
  const alpha = new Uint8ClampedArray(width * height);
  for (let p = 0; p < alpha.length; p++) alpha[p] = rgba[p * 4]!;
  return alpha;
}

/**
 * The photo with what the cut-out leaves out darkened and tinted, and a bright line along the
 * cut-out's edge: what the user corrects from. `photo` and `alpha` are at the canvas's size.
 */
export function drawOverlay(canvas: HTMLCanvasElement, photo: ImageData, alpha: Uint8ClampedArray | null) {
  const { width, height } = canvas;
  const context = canvas.getContext('2d')!;
  if (!alpha) {
    context.putImageData(photo, 0, 0);
    return;
  }
  const shown = new ImageData(new Uint8ClampedArray(photo.data), width, height);
  const out = shown.data;
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0; x < width; x++, p++) {
      const i = p * 4;
      const kept = alpha[p]! >= 128;
      const edge =
        x > 0 &&
        y > 0 &&
        x < width - 1 &&
        y < height - 1 &&
        (kept !== alpha[p - 1]! >= 128 ||
          kept !== alpha[p + 1]! >= 128 ||
          kept !== alpha[p - width]! >= 128 ||
          kept !== alpha[p + width]! >= 128);
      if (edge) {
        out[i] = 255;
        out[i + 1] = 214;
        out[i + 2] = 10;
      } else if (!kept) {
        // Left out: a dark violet veil, the photo still readable through it.
        out[i] = out[i]! * 0.35 + 40;
        out[i + 1] = out[i + 1]! * 0.35 + 20;
        out[i + 2] = out[i + 2]! * 0.35 + 70;
      }
    }
  }
  context.putImageData(shown, 0, 0);
}

/** The visible part of a cut-out image (its bounding box of non-transparent pixels), as a canvas. */
export function trimmed(image: HTMLImageElement): HTMLCanvasElement | null {
  const width = image.naturalWidth;
  const height = image.naturalHeight;
  const data = pixelsOf(image, width, height).data;
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (data[(y * width + x) * 4 + 3]! < 8) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  if (x1 < 0) return null;
  const canvas = document.createElement('canvas');
  canvas.width = x1 - x0 + 1;
  canvas.height = y1 - y0 + 1;
  canvas
    .getContext('2d')!
    .drawImage(image, x0, y0, canvas.width, canvas.height, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/**
 * The cut-out standing on the user's background, roughly as a generation places it: the background
 * covering the frame, the product centred, two thirds of the height, on a soft contact shadow.
 */
export function drawOnContext(
  canvas: HTMLCanvasElement,
  context: HTMLImageElement,
  product: HTMLCanvasElement,
) {
  const { width, height } = canvas;
  const g = canvas.getContext('2d')!;
  const cover = Math.max(width / context.naturalWidth, height / context.naturalHeight);
  const cw = context.naturalWidth * cover;
  const ch = context.naturalHeight * cover;
  g.drawImage(context, (width - cw) / 2, (height - ch) / 2, cw, ch);
  const scale = Math.min((height * 0.66) / product.height, (width * 0.7) / product.width);
  const pw = product.width * scale;
  const ph = product.height * scale;
  const x = (width - pw) / 2;
  const ground = height * 0.9;
  const shadow = g.createRadialGradient(width / 2, ground, 0, width / 2, ground, pw * 0.6);
  shadow.addColorStop(0, 'rgba(0,0,0,0.35)');
  shadow.addColorStop(1, 'rgba(0,0,0,0)');
  g.save();
  g.translate(width / 2, ground);
  g.scale(1, 0.18);
  g.translate(-width / 2, -ground);
  g.fillStyle = shadow;
  g.fillRect(width / 2 - pw, ground - pw, pw * 2, pw * 2);
  g.restore();
  g.drawImage(product, x, ground - ph, pw, ph);
}
