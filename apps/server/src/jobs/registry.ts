import { contactMessages } from './definitions/contact-messages';
import { generationSweeper } from './definitions/generation-sweeper';
import { logRetention } from './definitions/log-retention';
import { historyRetention } from './definitions/history-retention';
import { renderGeneration } from './definitions/render-generation';
import type { RegisteredJob } from './job';

/** Every job the worker role runs. */
export const JOBS: RegisteredJob[] = [
  historyRetention,
  renderGeneration,
  generationSweeper,
  contactMessages,
  logRetention,
];
