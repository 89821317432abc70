/**
 * The cut-out model failed (its process could not start, the file could not be loaded, or an
 * inference failed or ran past its time limit): the engine's own segmentation is used instead, and
 * the operator is told why, at most once a minute, so that slower and poorer cut-outs are not left
 * unexplained and a model that fails on every photo does not fill the log.
 */
const QUIET_MS = 60_000;
let lastWarned = Number.NEGATIVE_INFINITY;

/** Says why the model is not used (rate-limited) and gives the caller's "no model" answer: null. */
export function withoutModel(error: unknown): null {
  const now = Date.now();
  if (now - lastWarned >= QUIET_MS) {
    lastWarned = now;
    const reason = error instanceof Error ? error.message : String(error);
    console.warn(`engine: ${reason}; the cut-out uses the engine's own segmentation`);
  }
  return null;
}
