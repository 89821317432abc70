/**
 * At most `concurrency` image checks (decode, preview) at once in this process; the others wait in line,
 * first come first served, and one that has waited `queueTimeoutMs` is answered 503 with a message
 * asking to try again. A finished task hands its place straight to the next in line.
 */
import { AppError } from '../../http/app-error';
import { DECODE_CONCURRENCY, DECODE_QUEUE_TIMEOUT_MS } from '../rate-limit/usage-limits';

export type TaskLimiter = {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now, and waiting. */
  readonly running: number;
  readonly waiting: number;
};

export function createTaskLimiter(concurrency: number, queueTimeoutMs: number): TaskLimiter {
  let running = 0;
  const line: { go: () => void; timer: NodeJS.Timeout }[] = [];

  const take = () =>
    new Promise<void>((resolve, reject) => {
      if (running < concurrency) {
        running++;
        return resolve();
      }
      const place = {
        go: resolve,
        timer: setTimeout(() => {
          line.splice(line.indexOf(place), 1);
          reject(
            new AppError('SERVICE_UNAVAILABLE', {
              messageKey: 'uploads.busy',
              retryAfterSeconds: Math.max(1, Math.ceil(queueTimeoutMs / 4000)),
            }),
          );
        }, queueTimeoutMs),
      };
      line.push(place);
    });

  const release = () => {
    const next = line.shift();
    if (!next) {
      running--;
      return;
    }
    clearTimeout(next.timer);
    next.go();
  };

  return {
    async run(task) {
      await take();
      try {
        return await task();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return line.length;
    },
  };
}

/** The image checks of this API process. */
export const decodeLimiter = createTaskLimiter(DECODE_CONCURRENCY, DECODE_QUEUE_TIMEOUT_MS);
