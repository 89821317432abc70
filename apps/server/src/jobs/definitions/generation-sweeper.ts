/**
 * No generation stays "processing" forever (crash, restart, lost job): once a minute, records whose
 * worker has not reported for STALE_AFTER are failed with a message saying so, and their credit is given
 * back (and the images an automation workflow sent for it are removed). A live render reports after
 * every variant, and while it waits for a workflow, far more often than that.
 */
import { z } from 'zod';
import { failGeneration, removeWorkflowResultFiles } from './render-generation';
import type { JobDefinition } from '../job';

export const STALE_AFTER_SECONDS = 300;

export const generationSweeper: JobDefinition<{ staleAfterSeconds?: number }> = {
  name: 'generation-sweeper',
  version: 1,
  payload: z.object({ staleAfterSeconds: z.number().int().min(0).optional() }),
  schedule: '* * * * *',
  async handle({ database, storage }, payload) {
    const stale = await database.query<{ id: string; user_id: string; locale: string }>(
      `select id, user_id, locale from background_generations
       where status in ('pending', 'processing') and updated_at < now() - make_interval(secs => $1)`,
      [payload.staleAfterSeconds ?? STALE_AFTER_SECONDS],
    );
    let failed = 0;
    for (const row of stale) {
      if (await database.transaction((tx) => failGeneration(tx, row, 'generations.interrupted'))) {
        failed++;
        // Images a workflow sent for the render that never finished.
        await removeWorkflowResultFiles(database, storage, row.id);
      }
    }
    return { failed };
  },
};
