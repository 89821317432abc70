import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CutoutMethodName } from '@vitrine/shared/api/cutout';
import { fromSvg, toRaw } from '../image/sharp';
import { closeCutoutThread } from './thread';
import type { Cutout } from './cutout';
import { prepareProduct } from '../local/prepare';
import { leanOf, standUpright } from './upright';

/** A cut-out of a `w` x `h` bottle-like capsule turned `degrees` clockwise, on transparency. */
async function leaning(w: number, h: number, degrees: number, method: CutoutMethodName = 'segmented') {
  const side = Math.ceil(Math.hypot(w, h)) + 20;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}">
    <rect x="${(side - w) / 2}" y="${(side - h) / 2}" width="${w}" height="${h}" rx="${w / 3}"
      fill="#d23c3c" transform="rotate(${degrees} ${side / 2} ${side / 2})"/></svg>`;
  const image = await toRaw(fromSvg(svg).ensureAlpha());
  const cutout: Cutout = { image, method, coverage: 0.2, offset: { x: 0, y: 0 }, confidence: 0.9 };
  return cutout;
}

describe('a product photographed leaning stands upright in the scene', () => {
  it('measures the lean of a leaning bottle, either way, and how elongated it is', async () => {
    for (const degrees of [-30, 20, 35]) {
      const lean = leanOf((await leaning(80, 300, degrees)).image)!;
      expect(lean.degrees).toBeCloseTo(degrees, 0);
      expect(lean.elongation).toBeGreaterThan(3);
    }
  });

  it('turns a bottle leaning 12 to 44 degrees upright, taller than wide once turned', async () => {
    for (const degrees of [12, -25, 44]) {
      const turned = await standUpright(await leaning(80, 300, degrees));
      expect(Math.abs(leanOf(turned.image)!.degrees), `${degrees}°`).toBeLessThan(1.5);
      expect(turned.image.height / turned.image.width, `${degrees}°`).toBeGreaterThan(3);
    }
  });

  it('leaves alone a product nearly straight, lying down, round or squat, and a PNG or studio shot', async () => {
    const alone: Cutout[] = [
      await leaning(80, 300, 4),
      await leaning(80, 300, 70),
      await leaning(220, 240, 25),
      await leaning(80, 300, 25, 'alpha'),
      await leaning(80, 300, 25, 'studio'),
    ];
    for (const cutout of alone) expect(await standUpright(cutout)).toBe(cutout);
  });

  it('stands the milk bottle of a real desk photo upright, as the Fusion request prepares it', async () => {
    const photo = fs.readFileSync(
      path.resolve(import.meta.dirname, '../samples/photos/milk-bottle-desk.jpg'),
    );
    try {
      const { cutout } = await prepareProduct(photo);
      expect(cutout.method).toBe('segmented');
      expect(Math.abs(leanOf(cutout.image)!.degrees)).toBeLessThan(3);
    } finally {
      await closeCutoutThread();
    }
  }, 60_000);
});
