/**
 * What the engine's settings share when read from the environment (providers/config.ts,
 * copy/config.ts, cutout/model-config.ts): an empty value is unset, as `.env.example` leaves them.
 */
import { z } from 'zod';

export const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

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
