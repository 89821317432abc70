import { describe, expect, it } from 'vitest';
import { expressRequest } from '@vitrine/shared/api/generation';
import { mapInFlight, VARIANTS_IN_FLIGHT } from './parallel';
import { renderExpress } from './requests';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('variants in flight', () => {
  it('keeps the order of the items, with never more than the limit running at once', async () => {
    let running = 0;
    let most = 0;
    const results = await mapInFlight([30, 5, 20, 1, 10], async (delay, index) => {
      running++;
      most = Math.max(most, running);
      await tick(delay);
      running--;
      return index * 10;
    });
    expect(results).toEqual([0, 10, 20, 30, 40]);
    expect(most).toBe(VARIANTS_IN_FLIGHT);
  });

  it('reports each finished item with a rising count, and starts nothing after the report throws', async () => {
    const started: number[] = [];
    const reports: [number, number][] = [];
    const stop = new Error('cancelled');
    await expect(
      mapInFlight(
        [0, 1, 2, 3, 4, 5],
        async (item) => {
          started.push(item);
          await tick(5);
          return item;
        },
        (done, total) => {
          reports.push([done, total]);
          if (done === 2) throw stop;
        },
      ),
    ).rejects.toBe(stop);
    expect(reports.slice(0, 2)).toEqual([
      [1, 6],
      [2, 6],
    ]);
    // The two in flight when the report threw may finish; nothing later starts.
    expect(started.length).toBeLessThanOrEqual(3);
  });

  it('throws the first failure once the running items have settled', async () => {
    let settled = 0;
    const failure = new Error('broken variant');
    await expect(
      mapInFlight([1, 2, 3, 4], async (item) => {
        await tick(item === 1 ? 1 : 15);
        settled++;
        if (item === 1) throw failure;
        return item;
      }),
    ).rejects.toBe(failure);
    expect(settled).toBe(2);
  });

  it('renders an Express request two at a time and reports every variant', async () => {
    const reports: number[] = [];
    const rendered = await renderExpress(
      expressRequest.parse({
        style: 'minimaliste',
        format: 'banner',
        description: 'Atelier vélo',
        variants: 3,
      }),
      ['jpeg'],
      (done) => {
        reports.push(done);
      },
    );
    expect(rendered.map((r) => r.metadata.variant)).toEqual([0, 1, 2]);
    expect(reports).toEqual([1, 2, 3]);
  }, 60_000);
});
