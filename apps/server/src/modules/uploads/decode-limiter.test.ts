import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error';
import { createTaskLimiter } from './decode-limiter';

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

describe('decode limiter', () => {
  it('never runs more than N image checks at once, and runs every one in the order they came', async () => {
    const limiter = createTaskLimiter(2, 10_000);
    let now = 0;
    let most = 0;
    const order: number[] = [];
    const tasks = Array.from({ length: 12 }, (_, i) =>
      limiter.run(async () => {
        now++;
        most = Math.max(most, now);
        order.push(i);
        await tick(i % 3);
        now--;
        if (i === 5) throw new Error('a check that fails frees its place too');
        return i;
      }),
    );
    const results = await Promise.allSettled(tasks);
    expect(most).toBe(2);
    expect(order).toEqual([...Array(12).keys()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(11);
    expect([limiter.running, limiter.waiting]).toEqual([0, 0]);
  });

  it('a check that waits too long is answered 503 with a message to try again, and leaves the line', async () => {
    const limiter = createTaskLimiter(1, 30);
    let release!: () => void;
    const long = limiter.run(() => new Promise<void>((resolve) => (release = resolve)));
    const waiting = limiter.run(async () => 'never');
    const error = await waiting.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(503);
    expect((error as AppError).options).toMatchObject({ messageKey: 'uploads.busy' });
    expect(limiter.waiting).toBe(0);
    release();
    await long;
    expect(await limiter.run(async () => 'next')).toBe('next');
    expect(limiter.running).toBe(0);
  });
});
