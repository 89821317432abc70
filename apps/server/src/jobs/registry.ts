import { contactMessages } from './definitions/contact-messages';
import { generationSweeper } from './definitions/generation-sweeper';
import { logRetention } from './definitions/log-retention';
import { historyRetention } from './definitions/history-retention';
import { renderGeneration } from './definitions/render-generation';
import type { JobDefinition } from './job';

/** Every job the worker role runs. */
export const JOBS: JobDefinition<never>[] = [
  historyRetention,
  renderGeneration,
  generationSweeper,
  contactMessages,
  logRetention,
] as JobDefinition<never>[];
