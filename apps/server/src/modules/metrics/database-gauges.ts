/**
 * The gauges read from the database at each scrape: the queue's depth and oldest wait, and the workers
 * alive. Any process reports them, whatever its role. When the database does not answer, the queue's
 * gauges are left out of the scrape (a gauge that kept its last value would say all is well).
 */
import type { Database } from '../../db/client';
import { WORKER_SILENT_AFTER_MS } from '../../jobs/heartbeat';
import { countAlive } from '../status/repository';
import { queueDepth, queueOldestWait, workersAlive } from './metrics';
import { queueCounts } from './repository';

export async function refreshDatabaseGauges(
  database: Database,
  onError: (error: unknown) => void,
): Promise<void> {
  queueDepth.reset();
  queueOldestWait.reset();
  await Promise.all([
    queueCounts(database).then((queues) => {
      for (const { queue, waiting, active, oldestWaitSeconds } of queues) {
        queueDepth.set({ queue, state: 'waiting' }, waiting);
        queueDepth.set({ queue, state: 'active' }, active);
        queueOldestWait.set({ queue }, oldestWaitSeconds);
      }
    }, onError),
    // No answer reads as no worker alive: the alert it raises is the right one.
    countAlive(database, WORKER_SILENT_AFTER_MS / 1000).then(
      (alive) => workersAlive.set(alive),
      (error: unknown) => {
        workersAlive.set(0);
        onError(error);
      },
    ),
  ]);
}
