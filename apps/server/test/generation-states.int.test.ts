/**
 * The generation state machine's rules (modules/generations/repository.ts, at its head), on a real
 * database: processing → completed | failed, each once; the credit reserved at the start is spent by
 * completing and given back by failing, exactly once, whichever of a failure and a cancel comes first.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/http/app-error';
import { usageOf } from '../src/modules/generations/credits';
import * as records from '../src/modules/generations/repository';
import { FINISHING_PROGRESS } from '../src/modules/generations/service';
import { generation, signedInUser } from './helpers/factories';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

const CANCEL = { finishingProgress: FINISHING_PROGRESS, reason: 'generations.cancelledForTest' } as const;

async function row(id: string) {
  const [found] = await t.database.query<{
    status: string;
    progress: number;
    credit_reserved: boolean;
    error_message: string | null;
    workflow_result: unknown;
  }>(
    `select status, progress, credit_reserved, error_message, workflow_result
     from background_generations where id = $1`,
    [id],
  );
  return found!;
}

const resultsOf = (id: string) =>
  t.database.query(`select id from user_image_generations where background_generation_id = $1`, [id]);

/** The free generations the user has used (reserved or spent). */
const used = async (userId: string) => (await usageOf(t.database, userId)).used;

const aResult = () => ({ id: randomUUID(), webhookData: { images: [] }, imagesCount: 0 });

describe('a generation in each state, as the factories make it', () => {
  it('processing holds a credit; completed has spent it and has its result; failed has given it back', async () => {
    const { userId } = await signedInUser(t.app, 'states@example.test');
    const completed = await generation(t.database, userId, 'completed');
    const failed = await generation(t.database, userId, 'failed');
    const processing = await generation(t.database, userId, 'processing');
    expect(await row(completed.id)).toMatchObject({
      status: 'completed',
      progress: 100,
      credit_reserved: false,
    });
    expect(await resultsOf(completed.id)).toHaveLength(1);
    expect(await row(failed.id)).toMatchObject({
      status: 'failed',
      credit_reserved: false,
      error_message: 'Une erreur est survenue',
    });
    expect(await row(processing.id)).toMatchObject({ status: 'processing', credit_reserved: true });
    // The completed one and the processing one.
    expect(await used(userId)).toBe(2);
  });
});

describe('processing → completed', () => {
  it('completing twice writes one result: the second changes nothing', async () => {
    const { userId } = await signedInUser(t.app, 'complete-twice@example.test');
    const made = await generation(t.database, userId, 'processing');
    expect(await records.complete(t.database, made, aResult())).toBe(true);
    expect(await records.complete(t.database, made, aResult())).toBe(false);
    expect(await resultsOf(made.id)).toHaveLength(1);
    expect(await row(made.id)).toMatchObject({ status: 'completed', credit_reserved: false });
    expect(await used(userId)).toBe(1);
  });

  it('a completed generation does not fail afterwards: the credit stays spent, no reason is written', async () => {
    const { userId } = await signedInUser(t.app, 'fail-after-complete@example.test');
    const made = await generation(t.database, userId, 'completed');
    expect(await records.fail(t.database, made, 'generations.interrupted')).toBe(false);
    expect(await records.failActiveForUser(t.database, userId, CANCEL)).toEqual([]);
    expect(await row(made.id)).toMatchObject({ status: 'completed', error_message: null });
    expect(await used(userId)).toBe(1);
  });

  it('a failed generation does not complete afterwards: no result is written', async () => {
    const { userId } = await signedInUser(t.app, 'complete-after-fail@example.test');
    const made = await generation(t.database, userId, 'failed');
    expect(await records.complete(t.database, made, aResult())).toBe(false);
    expect(await resultsOf(made.id)).toEqual([]);
    expect(await row(made.id)).toMatchObject({ status: 'failed' });
  });
});

describe('processing → failed: the credit given back exactly once', () => {
  it('failing twice, then cancelling, gives one credit back', async () => {
    const { userId } = await signedInUser(t.app, 'fail-twice@example.test');
    await generation(t.database, userId, 'completed');
    const made = await generation(t.database, userId, 'processing');
    expect(await used(userId)).toBe(2);
    expect(await records.fail(t.database, made, 'generations.failed')).toEqual({ creditReturned: true });
    expect(await used(userId)).toBe(1);
    expect(await records.fail(t.database, made, 'generations.interrupted')).toBe(false);
    expect(await records.failActiveForUser(t.database, userId, CANCEL)).toEqual([]);
    expect(await used(userId)).toBe(1);
    // The first reason stays.
    expect((await row(made.id)).error_message).toBe('Une erreur est survenue');
  });

  it('a failure and a cancel at the same moment: one of them wins, one credit comes back', async () => {
    const { userId } = await signedInUser(t.app, 'fail-race@example.test');
    await generation(t.database, userId, 'completed');
    for (let round = 0; round < 5; round++) {
      const made = await generation(t.database, userId, 'processing');
      expect(await used(userId)).toBe(2);
      const [failed, cancelled] = await Promise.all([
        records.fail(t.database, made, 'generations.failed'),
        t.database.transaction((tx) => records.failActiveForUser(tx, userId, CANCEL)),
      ]);
      expect((failed ? 1 : 0) + cancelled.length).toBe(1);
      // Whichever won says it gave the credit back (what the metrics count), the other does not.
      const returned = [failed && failed.creditReturned, ...cancelled.map((c) => c.creditReturned)];
      expect(returned.filter(Boolean)).toHaveLength(1);
      expect(await row(made.id)).toMatchObject({ status: 'failed', credit_reserved: false });
      expect(await used(userId)).toBe(1);
    }
  });

  it('a cancel leaves a finishing generation to complete, with its credit spent', async () => {
    const { userId } = await signedInUser(t.app, 'finishing@example.test');
    const made = await generation(t.database, userId, 'processing');
    expect(await records.reportProgress(t.database, made.id, FINISHING_PROGRESS)).toBe(true);
    expect(await records.failActiveForUser(t.database, userId, CANCEL)).toEqual([]);
    expect(await records.complete(t.database, made, aResult())).toBe(true);
    expect(await used(userId)).toBe(1);
  });
});

describe('while processing', () => {
  it('one active generation per user: a second start is refused', async () => {
    const { userId } = await signedInUser(t.app, 'one-active@example.test');
    await generation(t.database, userId, 'processing');
    const second = generation(t.database, userId, 'processing');
    await expect(second).rejects.toBeInstanceOf(AppError);
    await expect(second).rejects.toMatchObject({ code: 'ACTIVE_GENERATION' });
    // The refused start held no credit.
    expect(await used(userId)).toBe(1);
  });

  it('progress only moves forward, and stops with the generation', async () => {
    const { userId } = await signedInUser(t.app, 'progress@example.test');
    const made = await generation(t.database, userId, 'processing');
    expect(await records.reportProgress(t.database, made.id, 50)).toBe(true);
    expect(await records.reportProgress(t.database, made.id, 30)).toBe(true);
    expect((await row(made.id)).progress).toBe(50);
    await records.fail(t.database, made, 'generations.failed');
    expect(await records.reportProgress(t.database, made.id, 80)).toBe(false);
    expect((await row(made.id)).progress).toBe(50);
  });

  it('the workflow’s result is recorded once, and not after the generation ended', async () => {
    const { userId } = await signedInUser(t.app, 'workflow-once@example.test');
    const made = await generation(t.database, userId, 'processing');
    expect(await records.recordWorkflowResult(t.database, made.id, { status: 'failed', digest: 'a' })).toBe(
      true,
    );
    expect(await records.recordWorkflowResult(t.database, made.id, { status: 'failed', digest: 'b' })).toBe(
      false,
    );
    expect((await row(made.id)).workflow_result).toEqual({ status: 'failed', digest: 'a' });
    await records.fail(t.database, made, 'generations.failed');
    const ended = await generation(t.database, userId, 'failed');
    expect(await records.recordWorkflowResult(t.database, ended.id, { status: 'failed', digest: 'c' })).toBe(
      false,
    );
  });
});
