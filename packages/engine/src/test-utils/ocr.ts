/** Tesseract OCR for legibility tests (Debian's tesseract-ocr and tesseract-ocr-fra). */
import { execFileSync } from 'node:child_process';
import { fromRaw, guard, type RawImage } from '../image/sharp';

export const hasFrenchOcr = (() => {
  try {
    return execFileSync('tesseract', ['--list-langs'], { encoding: 'utf8', stdio: 'pipe' }).includes('fra');
  } catch {
    return false;
  }
})();

export const ocr = (png: Buffer) =>
  execFileSync('tesseract', ['stdin', 'stdout', '-l', 'fra', '--psm', '6'], {
    input: png,
    encoding: 'utf8',
    stdio: ['pipe', 'pipe', 'ignore'],
  });

/** Lower-case words of two letters or more, apostrophes and punctuation dropped. */
export const words = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFC')
    .split(/[^\p{L}\d]+/u)
    .filter((w) => w.length > 1);

export const withoutAccents = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');

/**
 * OCR of one text rectangle of an image, with a margin (Tesseract misses accents on the region's
 * edge) and scaled down to about 160 px: it reads display-size type far worse than body sizes.
 */
export async function ocrRegion(
  image: RawImage,
  rect: { x: number; y: number; width: number; height: number },
) {
  const margin = 40;
  const left = Math.max(0, rect.x - margin);
  const top = Math.max(0, rect.y - margin);
  const width = Math.min(image.width, rect.x + rect.width + margin) - left;
  const height = Math.min(image.height, rect.y + rect.height + margin) - top;
  const scale = Math.min(1, 160 / rect.height);
  const region = fromRaw(image)
    .extract({ left, top, width, height })
    .resize({ height: Math.round(height * scale) });
  return ocr(await guard(region.png().toBuffer()));
}
