/** The cut-out's time limits, apart from the threads that keep them, for callers that must not load the engine. */

/**
 * The longest a job may run, per lane: finding a mask waits for the model (10 s at most) and then
 * segments; painting strokes takes under a second for what a hand draws, and a few seconds for the
 * heaviest corrections the contract takes (10,000 points in 100 strokes, each sweeping the photo).
 */
export const CUTOUT_TIME_LIMIT_MS = { find: 20_000, paint: 15_000 } as const;
