import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors';
import {
  animated,
  cmykJpeg,
  exifRotatedJpeg,
  grayscalePng,
  noisyJpeg,
  palettePng,
  png16,
  pngClaiming,
  truncatedJpeg,
} from '../test-utils/hostile-files';
import { decodeRgb, decodeRgbCovering, decodeRgba, inspectImage } from './decode';
import { guard, openUntrusted } from './sharp';

async function codeOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    expect(error).toBeInstanceOf(EngineError);
    return (error as EngineError).code;
  }
  return 'no error';
}

const pixel = (data: Buffer, index: number, channels = 4) => [
  ...data.subarray(index * channels, index * channels + 3),
];

describe('hostile and broken uploads give a typed error, never a crash or a hang', () => {
  it('a truncated JPEG is IMAGE_CORRUPT', async () => {
    expect(await codeOf(decodeRgba(await truncatedJpeg(), 1000))).toBe('IMAGE_CORRUPT');
  });

  it('a PNG whose header claims 20000x20000 is IMAGE_TOO_LARGE before any decoding', async () => {
    expect(await codeOf(inspectImage(pngClaiming(20_000, 20_000)))).toBe('IMAGE_TOO_LARGE');
  });

  it('sharp itself refuses more than 64 megapixels (the explicit limitInputPixels)', async () => {
    const bomb = pngClaiming(8_000, 8_001);
    expect(await codeOf(guard(openUntrusted(bomb).raw().toBuffer()))).toBe('IMAGE_TOO_LARGE');
  });

  it('a 50-megapixel phone photo (8160 x 6144) is accepted and decoded', async () => {
    const phone = await sharp({ create: { width: 8160, height: 6144, channels: 3, background: '#c8b496' } })
      .jpeg({ quality: 80 })
      .toBuffer();
    const image = await decodeRgba(phone, 1400);
    expect([image.width, image.height, image.source.width, image.source.height]).toEqual([
      1400, 1054, 8160, 6144,
    ]);
  });

  it('random bytes, SVG, empty and oversized files are refused by type', async () => {
    const junk = Buffer.alloc(4096, 7);
    expect(await codeOf(decodeRgba(junk, 100))).toBe('IMAGE_UNSUPPORTED');
    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><!-- ${'x'.repeat(200)} --></svg>`,
    );
    expect(await codeOf(decodeRgba(svg, 100))).toBe('IMAGE_UNSUPPORTED');
    expect(await codeOf(decodeRgba(Buffer.alloc(0), 100))).toBe('IMAGE_TOO_SMALL');
    expect(await codeOf(inspectImage(Buffer.alloc(51 * 1024 * 1024)))).toBe('IMAGE_TOO_LARGE');
  });
});

describe('every accepted input becomes 8-bit sRGB', () => {
  it('converts CMYK JPEG to sRGB', async () => {
    const image = await decodeRgba(await cmykJpeg(), 100);
    expect(image.source.space).toBe('cmyk');
    expect(image.channels).toBe(4);
    const [r, g, b] = pixel(image.data, 0);
    expect(r).toBeGreaterThan(150);
    expect(g).toBeLessThan(100);
    expect(b).toBeLessThan(60);
  });

  it('casts 16-bit PNG to 8 bits', async () => {
    const image = await decodeRgba(await png16(), 100);
    expect(image.source.depth).toBe('ushort');
    expect(image.data.length).toBe(image.width * image.height * 4);
    expect(pixel(image.data, 10)).toEqual([0x80, 0x40, 0xc0]);
  });

  it('expands grayscale and palette PNG to RGB', async () => {
    const gray = await decodeRgba(await grayscalePng(), 100);
    expect(pixel(gray.data, 5)).toEqual([128, 128, 128]);
    const palette = await decodeRgba(await palettePng(), 100);
    expect(palette.channels).toBe(4);
    expect(pixel(palette.data, 5)).toEqual([0x20, 0x60, 0xa0]);
  });

  it('keeps only the first frame of an animated GIF or WebP', async () => {
    for (const format of ['gif', 'webp'] as const) {
      const image = await decodeRgba(await animated(format), 100);
      expect(image.height, format).toBe(48);
      const [r, g, b] = pixel(image.data, 100);
      expect(r, format).toBeGreaterThan(200);
      expect(g! + b!, format).toBeLessThan(60);
    }
  });

  it('applies the EXIF orientation', async () => {
    const image = await decodeRgba(await exifRotatedJpeg(), 1000);
    expect([image.width, image.height]).toEqual([100, 200]);
    expect(pixel(image.data, 0)[0]).toBeGreaterThan(200); // red on top
    expect(pixel(image.data, image.width * image.height - 1)[2]).toBeGreaterThan(200); // blue below
  });

  it('never enlarges, and shrinks to the longest side asked', async () => {
    const small = await decodeRgba(await noisyJpeg(320, 240), 2000);
    expect([small.width, small.height]).toEqual([320, 240]);
    const rgb = await decodeRgb(await noisyJpeg(320, 240), 160);
    expect([rgb.width, rgb.height, rgb.channels]).toEqual([160, 120, 3]);
  });

  it('decodes a context just large enough to cover a canvas, within a longest side, never enlarged', async () => {
    const file = await noisyJpeg(320, 240);
    const story = await decodeRgbCovering(file, { width: 90, height: 160 }, 1000);
    expect([story.width, story.height, story.channels]).toEqual([213, 160, 3]);
    const wide = await decodeRgbCovering(file, { width: 200, height: 50 }, 1000);
    expect([wide.width, wide.height]).toEqual([200, 150]);
    const capped = await decodeRgbCovering(file, { width: 300, height: 300 }, 200);
    expect([capped.width, capped.height]).toEqual([200, 150]);
    const small = await decodeRgbCovering(file, { width: 1080, height: 1920 }, 4000);
    expect([small.width, small.height]).toEqual([320, 240]);
    const rotated = await decodeRgbCovering(await exifRotatedJpeg(), { width: 50, height: 50 }, 1000);
    expect([rotated.width, rotated.height]).toEqual([50, 100]);
  });
});
