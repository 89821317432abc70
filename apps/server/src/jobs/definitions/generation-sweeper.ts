/** Once a minute, generations whose render stopped reporting are failed (handlers/generation-sweeper.ts). */
import { z } from 'zod';
import { sweepGenerations } from '../handlers/generation-sweeper';
import type { JobDefinition } from '../job';

export const STALE_AFTER_SECONDS = 300;

export const generationSweeper: JobDefinition<{ staleAfterSeconds?: number }> = {
  name: 'generation-sweeper',
  version: 1,
  payload: z.object({ staleAfterSeconds: z.number().int().min(0).optional() }),
  schedule: '* * * * *',
  handle: (context, payload) => sweepGenerations(context, payload.staleAfterSeconds ?? STALE_AFTER_SECONDS),
};
