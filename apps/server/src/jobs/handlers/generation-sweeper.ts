/**
 * No generation stays "processing" forever (crash, restart, lost job): records whose worker has not
 * reported for `staleAfterSeconds` are failed with a message saying so, and their credit is given back
 * (and the images an automation workflow sent for it are removed). A live render reports after every
 * variant, and while it waits for a workflow, far more often than that.
 */
import * as records from '../../modules/generations/repository';
import { removeWorkflowResultFiles } from '../../modules/generations/workflow';
import { recordGenerationsEnded } from '../../modules/metrics/metrics';
import type { JobContext } from '../job';

export async function sweepGenerations(
  { database, storage }: Pick<JobContext, 'database' | 'storage'>,
  staleAfterSeconds: number,
) {
  const stale = await records.findStale(database, staleAfterSeconds);
  let failed = 0;
  for (const row of stale) {
    const swept = await records.fail(database, row, 'generations.interrupted');
    if (swept) {
      failed++;
      recordGenerationsEnded([{ mode: row.mode, ...swept }], 'interrupted');
      // Images a workflow sent for the render that never finished.
      await removeWorkflowResultFiles(database, storage, row.id);
    }
  }
  return { failed };
}
