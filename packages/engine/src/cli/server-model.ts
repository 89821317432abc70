/** The cut-out model for the command-line tools and the benchmark: the one the server would run. */
import { existsSync } from 'node:fs';
import type { SaliencyModelConfig } from '../cutout/model';
import { saliencyModelFromEnv } from '../cutout/model-config';

/**
 * The model the server started from this directory would run: the environment, and `.env` for what it
 * does not set, as `npm start` reads them.
 */
export function saliencyModelOfServer(): SaliencyModelConfig | null {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return saliencyModelFromEnv(process.env);
}
