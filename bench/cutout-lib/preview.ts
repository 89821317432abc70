/**
 * What the cut-out editor does at each pointer move of a stroke, timed in Chromium with the CPU slowed
 * down 4× (Lighthouse's mobile emulation of a mid-range phone): the committed mask copied, the stroke
 * so far painted on it (the brush the server runs), and the overlay drawn on the editor's canvas
 * (apps/web's drawOverlay), at the editor's size.
 */
import path from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import type { BrushStroke } from '@vitrine/shared/cutout/brush';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = path.resolve(import.meta.dirname, '../..');

/** The brush and the overlay, bundled for the page: window.vitrine = { applyStrokes, drawOverlay }. */
async function pageScript(): Promise<string> {
  const result = await build({
    stdin: {
      contents: `
        import { applyStrokes } from './packages/shared/src/cutout/brush';
        import { drawOverlay } from './apps/web/src/features/cutout/lib/canvas';
        window.vitrine = { applyStrokes, drawOverlay };`,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    write: false,
    target: 'es2022',
  });
  return result.outputFiles[0]!.text;
}

export type PreviewTiming = { moves: number; per_move_p50_ms: number; per_move_max_ms: number };

/**
 * Times every move of `stroke` drawn point by point over `photo` (RGBA) and `mask` (one byte per
 * pixel), both `width` x `height`.
 */
export async function previewTimings(
  photo: Uint8Array,
  mask: Uint8Array,
  width: number,
  height: number,
  stroke: BrushStroke,
  cpuSlowdown = 4,
): Promise<PreviewTiming> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.setContent(`<canvas width="${width}" height="${height}"></canvas>`);
    await page.addScriptTag({ content: await pageScript() });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const input = {
      photoB64: Buffer.from(photo).toString('base64'),
      maskB64: Buffer.from(mask).toString('base64'),
      width,
      height,
      stroke,
    };
    // Runs in the page (DOM types are not this program's).
    const times = await page.evaluate<number[]>(`(() => {
      const { photoB64, maskB64, width, height, stroke } = ${JSON.stringify(input)};
      const bytes = (b64) => Uint8ClampedArray.from(atob(b64), (c) => c.charCodeAt(0));
      const pixels = new ImageData(bytes(photoB64), width, height);
      const committed = bytes(maskB64);
      const canvas = document.querySelector('canvas');
      const { applyStrokes, drawOverlay } = window.vitrine;
      const photo = { data: pixels.data, width, height, channels: 4 };
      const out = [];
      for (let k = 1; k <= stroke.points.length; k++) {
        const t0 = performance.now();
        const alpha = committed.slice();
        applyStrokes(alpha, photo, [{ ...stroke, points: stroke.points.slice(0, k) }]);
        drawOverlay(canvas, pixels, alpha);
        out.push(performance.now() - t0);
      }
      return out;
    })()`);
    const sorted = [...times].sort((a, b) => a - b);
    return {
      moves: times.length,
      per_move_p50_ms: Math.round(sorted[Math.floor(sorted.length / 2)]! * 10) / 10,
      per_move_max_ms: Math.round(sorted[sorted.length - 1]! * 10) / 10,
    };
  } finally {
    await browser.close();
  }
}
