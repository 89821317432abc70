import { afterEach, describe, expect, it, vi } from 'vitest';
import { uuid } from './uuid';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('uuid', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes version-4 UUIDs on a page served over plain http, where randomUUID is missing', () => {
    vi.stubGlobal('window', { isSecureContext: false });
    const made = new Set(Array.from({ length: 200 }, () => uuid()));
    expect(made.size).toBe(200);
    for (const id of made) expect(id).toMatch(V4);
  });

  it('uses the browser’s own on a secure page', () => {
    vi.stubGlobal('window', { isSecureContext: true });
    expect(uuid()).toMatch(V4);
  });
});
