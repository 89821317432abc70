import { describe, expect, it } from 'vitest';
import {
  forgetPlan,
  pendingPlan,
  PENDING_PLAN_MAX_AGE_MS,
  PENDING_PLAN_STORAGE_KEY,
  rememberPlan,
} from './pending-plan';

function memory() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe('the plan a visitor chose before signing up', () => {
  it('is remembered for a day, then forgotten', () => {
    const store = memory();
    rememberPlan(store, 'pro', 1_000);
    expect(pendingPlan(store, 1_000 + PENDING_PLAN_MAX_AGE_MS - 1)).toBe('pro');
    expect(pendingPlan(store, 1_000 + PENDING_PLAN_MAX_AGE_MS)).toBeNull();
    expect(store.data.has(PENDING_PLAN_STORAGE_KEY)).toBe(false);
  });

  it('is forgotten once used, and anything unreadable or unknown counts as nothing', () => {
    const store = memory();
    rememberPlan(store, 'starter', 0);
    forgetPlan(store);
    expect(pendingPlan(store, 1)).toBeNull();
    for (const raw of ['{', '{"plan":"gold","at":0}', '{"plan":"pro"}', '"pro"', '{"plan":"pro","at":5}']) {
      store.setItem(PENDING_PLAN_STORAGE_KEY, raw);
      expect(pendingPlan(store, 1), raw).toBeNull();
    }
  });

  it('a storage that refuses (private browsing) remembers nothing and breaks nothing', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => rememberPlan(refusing, 'pro', 0)).not.toThrow();
    expect(pendingPlan(refusing, 0)).toBeNull();
    expect(pendingPlan(undefined, 0)).toBeNull();
  });
});
