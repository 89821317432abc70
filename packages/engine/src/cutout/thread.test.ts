/** The cut-out threads' lanes and time limits (issue 35: a time limit per job). */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { onMemoryWanted } from '../when-idle';
import type { SaliencyModelConfig } from './model';
import { closeCutoutThread, configureCutoutThread, cutOutProduct, liveCutoutLanes } from './thread';

afterAll(async () => {
  await configureCutoutThread(true);
});

/** A noisy photo and an empty mask, both 1400 x 1100. */
function photo() {
  const width = 1400;
  const height = 1100;
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < data.length; i++) data[i] = (i * 2654435761) >>> 24;
  const base = { data: Buffer.alloc(width * height), width, height, channels: 1 as const };
  return { image: { data, width, height, channels: 4 as const }, base };
}

let seed = 3;
const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
const sweeping = (count: number) =>
  Array.from({ length: count }, (_, s) => ({
    kind: s % 2 ? ('keep' as const) : ('remove' as const),
    radius: 0.2,
    points: Array.from({ length: 100 }, () => [next(), next()] as [number, number]),
  }));

describe('cut-out time limits', () => {
  it('stops a job that runs past its lane’s limit, and the next job runs on a new thread', async () => {
    // Counted from when the thread starts the job: long enough to paint a dot (tens of milliseconds),
    // far too short for 100 strokes sweeping the photo (seconds).
    await configureCutoutThread(true, { paint: 1000 });
    const { image, base } = photo();
    const heavy = cutOutProduct(image, { base, corrections: { strokes: sweeping(100) } });
    await expect(heavy).rejects.toMatchObject({ name: 'CutoutTimeout' });
    const light = await cutOutProduct(image, {
      base,
      corrections: { strokes: [{ kind: 'keep', radius: 0.05, points: [[0.5, 0.5]] }] },
    });
    expect(light.mask?.method).toBe('corrected');
    expect(light.mask?.coverage).toBeGreaterThan(0);
    await closeCutoutThread();
  });

  it('the paint lane’s thread stops once it has waited for work long enough, and starts again for the next stroke', async () => {
    await configureCutoutThread(true, {}, 300);
    const { image, base } = photo();
    const stroke = {
      strokes: [{ kind: 'keep' as const, radius: 0.05, points: [[0.5, 0.5]] as [number, number][] }],
    };
    await cutOutProduct(image, { base, corrections: stroke });
    expect(liveCutoutLanes()).toEqual(['paint']);
    await expect.poll(() => liveCutoutLanes(), { timeout: 5000, interval: 100 }).toEqual([]);
    const again = await cutOutProduct(image, { base, corrections: stroke });
    expect(again.mask?.method).toBe('corrected');
    await closeCutoutThread();
  });

  it('a job that may run the model asks idle threads to let go of their memory as it starts; a stroke, a decided cut-out or no model does not (decision 100)', async () => {
    await configureCutoutThread(true);
    const wanted = vi.fn();
    const stop = onMemoryWanted(wanted);
    try {
      const { image, base } = photo();
      await cutOutProduct(image, {
        base,
        corrections: { strokes: [{ kind: 'keep', radius: 0.05, points: [[0.5, 0.5]] }] },
      });
      await cutOutProduct(image, { decision: { framed: true, reason: 'whole-photo', confidence: 1 } });
      await cutOutProduct(image);
      expect(wanted).not.toHaveBeenCalled();
      // A model that cannot be loaded: the engine's own segmentation finds the mask instead.
      const model = { path: '/nowhere/model.onnx', inputSize: 320, mean: [0, 0, 0], std: [1, 1, 1] };
      const found = cutOutProduct(image, { model: model as SaliencyModelConfig });
      expect(wanted).toHaveBeenCalledTimes(1);
      expect((await found).mask?.method).toBeTruthy();
    } finally {
      stop();
      await closeCutoutThread();
    }
  });
});
