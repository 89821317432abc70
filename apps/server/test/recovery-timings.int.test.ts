/**
 * The two settings that decide how soon a killed worker's generation is taken up again (docs/decisions/
 * 073) reach pg-boss: RENDER_JOB_EXPIRE_SECONDS is the render job's `expire_in`, and a worker's queue
 * fails a job abandoned past its expiry every QUEUE_MAINTENANCE_INTERVAL_SECONDS. The whole recovery,
 * with a worker process killed mid-render, is in scale.int.test.ts (PostgreSQL).
 */
import { describe, expect, it } from 'vitest';
import { RENDER_JOB } from '../src/modules/generations/service';
import { signedInUser } from './helpers/factories';
import { startExpress, started } from './helpers/generations';
import { startTestWorker, useTestApp } from './helpers/test-app';

describe('RENDER_JOB_EXPIRE_SECONDS', () => {
  // No worker: the job stays on the queue as the API put it there.
  const t = useTestApp({ RENDER_JOB_EXPIRE_SECONDS: '45' });

  it('is the expiry of the render job a new generation puts on the queue', async () => {
    const u = await signedInUser(t.app, 'expiry@example.test');
    const res = await startExpress(t.app, u.cookie, { style: 'moderne', format: 'square' }, 'en');
    expect(res.statusCode).toBe(202);
    const id = started(res.body).generation.id;
    const jobs = await t.database.query<{ seconds: number; retry_limit: number }>(
      `select extract(epoch from expire_in)::int as seconds, retry_limit from pgboss.job
       where name = $1 and data->>'generationId' = $2`,
      [RENDER_JOB, id],
    );
    expect(jobs).toEqual([{ seconds: 45, retry_limit: 1 }]);
  });
});

describe('QUEUE_MAINTENANCE_INTERVAL_SECONDS', () => {
  const t = useTestApp({ QUEUE_MAINTENANCE_INTERVAL_SECONDS: '1' });

  it('is how often a worker fails the jobs whose own worker stopped past their expiry', async () => {
    const worker = await startTestWorker(t);
    try {
      // Taken and never finished, as by a worker killed in the middle of it; expired after a second.
      const queue = 'abandoned';
      await worker.queue.createQueue(queue);
      const id = await worker.queue.send(queue, {}, { expireInSeconds: 1, retryLimit: 0 });
      const [taken] = await worker.queue.fetch(queue);
      expect(taken?.id).toBe(id);
      const since = Date.now();
      let job = await worker.queue.getJobById(queue, id!);
      expect(job?.state).toBe('active');
      // With pg-boss's own interval (120 s) the first maintenance would not come for two minutes.
      while (job?.state === 'active' && Date.now() - since < 10_000) {
        await new Promise((r) => setTimeout(r, 200));
        job = await worker.queue.getJobById(queue, id!);
      }
      expect(job).toMatchObject({
        state: 'failed',
        output: { value: { message: 'job failed by timeout in active state' } },
      });
    } finally {
      await worker.stop(1000);
    }
  });
});
