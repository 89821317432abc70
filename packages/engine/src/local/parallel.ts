/**
 * Runs the variants of a request a few at a time. Most of a render alternates between JavaScript on
 * the main thread and libvips on its own threads: with two in flight, one's pixel loops run while the
 * other's resizes, blurs and encodes use the second core.
 */

/** Variants rendered at the same time: enough to keep two cores busy, few enough to bound memory. */
export const VARIANTS_IN_FLIGHT = 2;

/** Called as each variant is done (in completion order); throwing stops the variants not yet started. */
export type OnVariantDone = (done: number, total: number) => Promise<void> | void;

/**
 * `work` for every item, at most `limit` at once, results in the items' order. After a failure (of
 * `work` or of `onDone`) nothing new starts; the first error is thrown once the running ones settle.
 */
export async function mapInFlight<T, R>(
  items: readonly T[],
  work: (item: T, index: number) => Promise<R>,
  onDone?: OnVariantDone,
  limit = VARIANTS_IN_FLIGHT,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let done = 0;
  let failure: { error: unknown } | null = null;
  const lane = async () => {
    while (!failure && next < items.length) {
      const index = next++;
      try {
        results[index] = await work(items[index]!, index);
        done++;
        await onDone?.(done, items.length);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failure) throw (failure as { error: unknown }).error;
  return results;
}
