/** Seeded noise, so that the same request always renders the same picture. */

/** xorshift32: fast, good enough for grain, and reproducible from a seed. */
export function randomSource(seed: number): () => number {
  let state = (seed * 2654435761) >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}
