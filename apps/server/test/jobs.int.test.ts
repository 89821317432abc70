import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type Worker } from '../src/jobs/worker';
import { historyRetention } from '../src/jobs/definitions/history-retention';
import { createLocalRenderer } from '../src/modules/generations/render';
import { createLocalStorage, type Storage } from '../src/modules/storage/storage';
import { generation } from './helpers/factories';
import { createTestDatabase, type TestDatabase } from './helpers/test-db';

let db: TestDatabase;
let worker: Worker;
let storageRoot: string;
let storage: Storage;

beforeAll(async () => {
  db = await createTestDatabase();
  storageRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-jobs-'));
  storage = createLocalStorage(storageRoot);
  worker = await startWorker(db, pino({ level: 'silent' }), { storage, renderer: createLocalRenderer() });
});
afterAll(async () => {
  await worker.stop(1000);
  await db.dispose();
  fs.rmSync(storageRoot, { recursive: true, force: true });
});

async function waitForJob(id: string) {
  for (let i = 0; i < 200; i++) {
    const job = await worker.queue.getJobById(historyRetention.name, id);
    if (job && ['completed', 'failed'].includes(job.state)) return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${id} did not finish`);
}

describe('worker', () => {
  it('schedules the daily history retention job', async () => {
    const schedules = await worker.queue.getSchedules();
    expect(schedules).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'history-retention', cron: '17 3 * * *' })]),
    );
  });

  it('history is kept one year: the retention job deletes older generations and nothing newer', async () => {
    await db.query(`insert into users (id, email) values ('u-ret', 'ret@example.test')`);
    const now = '2026-06-01T12:00:00.000Z';
    const ages = {
      old: '2025-05-01T12:00:00Z',
      justExpired: '2025-06-01T11:59:00Z',
      kept: '2025-06-02T00:00:00Z',
    };
    for (const [label, at] of Object.entries(ages)) {
      const key = `u-ret/${label}-0.jpg`;
      await storage.put(key, Readable.from(Buffer.from(`image ${label}`)));
      await generation(db, 'u-ret', 'completed', {
        webhookData: { label },
        images: [{ key, width: 1, height: 1 }],
        at,
      });
    }
    const id = await worker.queue.send(historyRetention.name, { now });
    expect(id).toBeTruthy();
    const job = await waitForJob(id!);
    expect(job.state).toBe('completed');
    const left = await db.query<{ label: string }>(
      `select webhook_data->>'label' as label from user_image_generations where user_id = 'u-ret'`,
    );
    expect(left.map((r) => r.label)).toEqual(['kept']);
    // Their image files go with them.
    expect(fs.readdirSync(path.join(storageRoot, 'u-ret')).sort()).toEqual(['kept-0.jpg']);
    const records = await db.query<{ label: string }>(
      `select webhook_data->>'label' as label from background_generations where user_id = 'u-ret'`,
    );
    expect(records.map((r) => r.label)).toEqual(['kept']);
  });

  it('uploads a kept generation uses are kept a year after their last use: older ones go with their preview and cut-out files (masks included)', async () => {
    await db.query(`insert into users (id, email) values ('u-up', 'up@example.test')`);
    const now = '2026-06-01T12:00:00.000Z';
    const uses = { expired: '2025-05-31T12:00:00Z', kept: '2025-06-02T12:00:00Z' };
    for (const [label, usedAt] of Object.entries(uses)) {
      const key = `u-up/${label}.jpg`;
      for (const file of [key, `${key}.thumb.webp`, `u-up/${label}.mask.png`, `u-up/${label}.base.png`])
        await storage.put(file, Readable.from(Buffer.from(`file ${file}`)));
      const [upload] = await db.query<{ id: string }>(
        `insert into uploads (user_id, storage_key, content_type, size_bytes, role, created_at, last_used_at)
         values ('u-up', $1, 'image/jpeg', 10, 'product', '2025-01-01T00:00:00Z', $2) returning id`,
        [key, usedAt],
      );
      await db.query(
        `insert into upload_cutouts (upload_id, user_id, choice, method, framed, confidence, coverage, mask_key,
           base_mask_key, width, height, ms)
         values ($1, 'u-up', 'cutout', 'corrected', false, 0.9, 0.3, $2, $3, 10, 10, 1)`,
        [upload!.id, `u-up/${label}.mask.png`, `u-up/${label}.base.png`],
      );
      // A generation made from it then, whose result is kept as long as its year lasts.
      await generation(db, 'u-up', 'completed', {
        mode: 'fusion',
        request: { productKey: key, contextKey: key },
        at: usedAt,
      });
    }
    const job = await waitForJob((await worker.queue.send(historyRetention.name, { now }))!);
    expect(job.state).toBe('completed');
    const left = await db.query<{ storage_key: string }>(
      `select storage_key from uploads where user_id = 'u-up'`,
    );
    expect(left.map((r) => r.storage_key)).toEqual(['u-up/kept.jpg']);
    expect(fs.readdirSync(path.join(storageRoot, 'u-up')).sort()).toEqual([
      'kept.base.png',
      'kept.jpg',
      'kept.jpg.thumb.webp',
      'kept.mask.png',
    ]);
  });

  it('running the retention job twice is harmless', async () => {
    const first = await waitForJob((await worker.queue.send(historyRetention.name, {}))!);
    const second = await waitForJob((await worker.queue.send(historyRetention.name, {}))!);
    expect([first.state, second.state]).toEqual(['completed', 'completed']);
  });

  it('fails a job whose payload does not match its schema', async () => {
    const id = await worker.queue.send(historyRetention.name, { now: 'not a date' }, { retryLimit: 0 });
    const job = await waitForJob(id!);
    expect(job.state).toBe('failed');
  });
});
