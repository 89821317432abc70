/**
 * The cut-out model failed (its process could not start, the file could not be loaded, or an
 * inference failed or ran past its time limit): the cut-out goes on without it, or with what the model
 * had already seen, and the operator is told why and what was done instead, so that slower or poorer
 * cut-outs are not left unexplained. Each consequence is said at most once a minute (per thread), with
 * the count of the failures held back since, so that a model failing on every photo does not fill the
 * log.
 */
const QUIET_MS = 60_000;

/** What the cut-out does when the model fails, as the log says it. */
export const INSTEAD = {
  ownSegmentation: "the cut-out uses the engine's own segmentation",
  wholePhotoMap: "the cut-out goes on with the model's map of the whole photo",
} as const;

type Instead = (typeof INSTEAD)[keyof typeof INSTEAD];

const said = new Map<Instead, { at: number; heldBack: number }>();

/** Tells the operator, within the rate limit, that the model failed with `error` and what was done. */
export function modelFailed(error: unknown, instead: Instead): void {
  const now = Date.now();
  const last = said.get(instead);
  if (last && now - last.at < QUIET_MS) {
    last.heldBack++;
    return;
  }
  const reason = error instanceof Error ? error.message : String(error);
  const heldBack = last?.heldBack ?? 0;
  const since = heldBack
    ? ` (${heldBack} more such failure${heldBack === 1 ? '' : 's'} in the last minute)`
    : '';
  said.set(instead, { at: now, heldBack: 0 });
  console.warn(`engine: ${reason}; ${instead}${since}`);
}

/** `work`'s answer; when the model fails, `fallback`, and the log says why and what was done instead. */
export function unlessModelFails<T>(work: Promise<T>, fallback: T, instead: Instead): Promise<T> {
  return work.catch((error: unknown) => {
    modelFailed(error, instead);
    return fallback;
  });
}
