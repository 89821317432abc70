import { historyRetention } from './definitions/history-retention';
import type { JobDefinition } from './job';

/** Every job the worker role runs. */
export const JOBS: JobDefinition<never>[] = [historyRetention as JobDefinition<never>];
