import { describe, expect, it } from 'vitest';
import type { ActiveGeneration } from '@vitrine/shared/api/generations';
import {
  applyGeneration,
  fromActiveResponse,
  outcomeOf,
  parseGenerationEvent,
  parseSnapshot,
  withoutAll,
} from './active-state';

const generation = (over: Partial<ActiveGeneration> = {}): ActiveGeneration => ({
  id: 'g1',
  mode: 'fusion',
  status: 'processing',
  progress: 10,
  errorMessage: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  estimatedSecondsLeft: 6,
  ...over,
});

describe('live list of running generations', () => {
  it('keeps only pending and processing ones, newest first, stamped with their arrival time', () => {
    const state = fromActiveResponse(
      {
        items: [
          generation({ id: 'old', createdAt: '2026-03-01T09:00:00.000Z', status: 'pending' }),
          generation({ id: 'new', createdAt: '2026-03-01T11:00:00.000Z' }),
          generation({ id: 'done', status: 'completed' }),
        ],
        typicalSeconds: 7,
      },
      500,
    );
    expect(state.items.map((i) => i.id)).toEqual(['new', 'old']);
    expect(state.items.every((i) => i.receivedAt === 500)).toBe(true);
    expect(state.typicalSeconds).toBe(7);
  });

  it('adds a new running generation and refreshes a known one in place', () => {
    let state = applyGeneration(undefined, generation(), 1);
    expect(state.items).toHaveLength(1);
    state = applyGeneration(state, generation({ progress: 60, estimatedSecondsLeft: 2 }), 2);
    expect(state.items).toHaveLength(1);
    expect(state.items[0]).toMatchObject({ progress: 60, estimatedSecondsLeft: 2, receivedAt: 2 });
  });

  it('removes a generation once it completes or fails', () => {
    const running = applyGeneration(undefined, generation(), 1);
    expect(applyGeneration(running, generation({ status: 'completed' }), 2).items).toEqual([]);
    expect(applyGeneration(running, generation({ status: 'failed' }), 2).items).toEqual([]);
  });

  it('does not keep the event-only result id in the cached item', () => {
    const state = applyGeneration(undefined, { ...generation(), resultId: 'r1' } as ActiveGeneration, 1);
    expect(state.items[0]).not.toHaveProperty('resultId');
  });

  it('empties the list on cancel-all and keeps the typical duration', () => {
    const state = fromActiveResponse({ items: [generation()], typicalSeconds: 9 }, 0);
    expect(withoutAll(state)).toEqual({ items: [], typicalSeconds: 9 });
  });

  it('reads a generation event and refuses anything that is not one', () => {
    const event = parseGenerationEvent(JSON.stringify({ ...generation(), resultId: 'r1' }));
    expect(event).toMatchObject({ id: 'g1', status: 'processing', resultId: 'r1' });
    expect(parseGenerationEvent(JSON.stringify(generation()))?.resultId).toBeNull();
    expect(parseGenerationEvent('not json')).toBeNull();
    expect(parseGenerationEvent(JSON.stringify({ ...generation(), status: 'exploded' }))).toBeNull();
    expect(parseGenerationEvent(JSON.stringify({ id: 'g1' }))).toBeNull();
  });

  it('reads a snapshot, dropping malformed items', () => {
    const snapshot = parseSnapshot(JSON.stringify({ items: [generation(), { id: 2 }], typicalSeconds: 4 }));
    expect(snapshot?.items.map((i) => i.id)).toEqual(['g1']);
    expect(snapshot?.typicalSeconds).toBe(4);
    expect(parseSnapshot('{"items":"nope"}')).toBeNull();
  });

  it('toasts only finished generations: completed or failed', () => {
    expect(outcomeOf({ status: 'completed' })).toBe('completed');
    expect(outcomeOf({ status: 'failed' })).toBe('failed');
    expect(outcomeOf({ status: 'processing' })).toBeNull();
    expect(outcomeOf({ status: 'pending' })).toBeNull();
  });
});
