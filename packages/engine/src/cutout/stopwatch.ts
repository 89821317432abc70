/** Milliseconds per named step of a piece of work, for benchmarks and logs. */
export function stopwatch(timings: Record<string, number> = {}) {
  let last = performance.now();
  return {
    timings,
    /** Records the time since the last lap (or the start) under `step`. */
    lap(step: string) {
      const now = performance.now();
      timings[step] = Math.round(now - last);
      last = now;
    },
    /** Starts the next lap now (time spent meanwhile was counted elsewhere). */
    restart() {
      last = performance.now();
    },
  };
}
