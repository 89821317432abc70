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

/**
 * A value in 0..1 for an integer key, the same every time (an integer hash): what a drawn element
 * numbered `key` draws at random (a pencil stroke's length, gap, phase), without a sequence to follow.
 */
export function keyedRandom(key: number): number {
  let h = Math.imul(key ^ 0x9e3779b9, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}
