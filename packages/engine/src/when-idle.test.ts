import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_MS, canCollect, idleCollector, memoryWanted, onMemoryWanted } from './when-idle';

describe('a thread lets go of what it kept once idle', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('once no work has been in flight for IDLE_MS, and only once', () => {
    const onIdle = vi.fn();
    const idle = idleCollector(onIdle);
    idle.started();
    idle.finished();
    vi.advanceTimersByTime(IDLE_MS - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * IDLE_MS);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('never while work is in flight, and new work puts it off', () => {
    const onIdle = vi.fn();
    const idle = idleCollector(onIdle);
    idle.started();
    idle.started();
    idle.finished();
    vi.advanceTimersByTime(3 * IDLE_MS);
    expect(onIdle).not.toHaveBeenCalled();
    idle.finished();
    vi.advanceTimersByTime(IDLE_MS / 2);
    idle.started();
    idle.finished();
    vi.advanceTimersByTime(IDLE_MS / 2 + 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(IDLE_MS / 2);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('at once when memory is wanted elsewhere: only with no work in flight, and not twice for the same work', () => {
    const onIdle = vi.fn();
    const idle = idleCollector(onIdle);
    idle.now();
    expect(onIdle).not.toHaveBeenCalled(); // nothing was done yet: nothing to give back
    idle.started();
    idle.now();
    expect(onIdle).not.toHaveBeenCalled(); // never mid-work
    idle.finished();
    idle.now();
    expect(onIdle).toHaveBeenCalledTimes(1);
    idle.now(); // not twice for the same work
    expect(onIdle).toHaveBeenCalledTimes(1);
    // The idle collection still comes: a full one frees what the young generation's could not.
    vi.advanceTimersByTime(IDLE_MS);
    expect(onIdle).toHaveBeenCalledTimes(2);
    idle.started();
    idle.finished();
    vi.advanceTimersByTime(IDLE_MS);
    expect(onIdle).toHaveBeenCalledTimes(3);
    idle.now(); // already let go after that work
    expect(onIdle).toHaveBeenCalledTimes(3);
  });

  it('memoryWanted() tells every listener until it stops listening', () => {
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = onMemoryWanted(first);
    const stopSecond = onMemoryWanted(second);
    memoryWanted();
    stopFirst();
    memoryWanted();
    stopSecond();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
  });

  it('a full collection can be had in this Node, without a global gc left to other code', () => {
    expect(canCollect()).toBe(true);
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe('undefined');
  });
});
