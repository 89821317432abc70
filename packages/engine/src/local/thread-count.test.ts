import { describe, expect, it } from 'vitest';
import { defaultRenderThreads, MEMORY_PER_RENDER_THREAD, usableMemory } from './thread-count';

const GB = 1024 ** 3;

describe('render threads by default', () => {
  it('a small server (1 or 2 GB) renders on one thread, whatever its cores', () => {
    expect(defaultRenderThreads(2, 1 * GB)).toBe(1);
    expect(defaultRenderThreads(4, 2 * GB)).toBe(1);
    expect(defaultRenderThreads(1, 0.5 * GB)).toBe(1);
  });

  it('with memory to spare, one per core, up to four', () => {
    expect(defaultRenderThreads(2, 24 * GB)).toBe(2);
    expect(defaultRenderThreads(16, 64 * GB)).toBe(4);
    expect(defaultRenderThreads(8, 6 * GB)).toBe(3);
    expect(MEMORY_PER_RENDER_THREAD).toBe(2 * GB);
  });

  it('counts a machine sold with 4 or 8 GB as such, though it reports a little less', () => {
    expect(defaultRenderThreads(2, 3.8 * GB)).toBe(2);
    expect(defaultRenderThreads(8, 7.7 * GB)).toBe(4);
    expect(defaultRenderThreads(2, 1.9 * GB)).toBe(1);
    expect(defaultRenderThreads(4, 2.9 * GB)).toBe(1);
  });

  it('reads a memory the process may really use', () => {
    expect(usableMemory()).toBeGreaterThan(0);
  });
});
