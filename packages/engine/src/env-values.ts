/**
 * A schema the engine's settings share (providers/config.ts, cutout/model-config.ts): an idle time in
 * whole seconds, empty being unset (@vitrine/shared/env).
 */
import { emptyAsUndefined } from '@vitrine/shared/env';
import { z } from 'zod';

/** How long something waits for work before it stops: 0 (never) to a day, in whole seconds. */
export const idleSeconds = (defaultSeconds: number) =>
  z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a number of seconds' })
      .int('must be a whole number of seconds')
      .min(0, 'must be between 0 and 86400')
      .max(86_400, 'must be between 0 and 86400')
      .default(defaultSeconds),
  );
