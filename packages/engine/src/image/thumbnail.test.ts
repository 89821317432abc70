import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { thumbnailWebp } from './thumbnail';

describe('thumbnailWebp', () => {
  it('shrinks the longest side to the size, keeps the proportions, and never enlarges', async () => {
    const wide = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const meta = await sharp(await thumbnailWebp(wide, 320)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 160]);

    const small = await sharp({ create: { width: 40, height: 30, channels: 4, background: '#3c38' } })
      .png()
      .toBuffer();
    const kept = await sharp(await thumbnailWebp(small, 320)).metadata();
    expect([kept.width, kept.height, kept.hasAlpha]).toEqual([40, 30, true]);
  });

  it('refuses what is not an image with an engine error', async () => {
    await expect(thumbnailWebp(Buffer.from('not an image at all, only text'), 320)).rejects.toMatchObject({
      name: 'EngineError',
    });
  });
});
