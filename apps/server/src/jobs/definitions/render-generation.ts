/** The render job: one generation's images, made and recorded (handlers/render-generation.ts). */
import { z } from 'zod';
import { RENDER_JOB } from '../../modules/generations/service';
import { renderGenerationHandler } from '../handlers/render-generation';
import type { JobDefinition } from '../job';

export const renderGeneration: JobDefinition<{ generationId: string }> = {
  name: RENDER_JOB,
  version: 1,
  payload: z.object({ generationId: z.uuid() }),
  concurrency: 1,
  pollingIntervalSeconds: 0.5,
  handle: renderGenerationHandler,
};
