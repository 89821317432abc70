/**
 * The server answers 404 for page paths that are not in PAGE_PATHS: every route of the router must come
 * from that list (a literal path would be a page the server calls missing), and every listed page must
 * have its route.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAGE_PATHS } from '@vitrine/shared/routes';

const source = fs.readFileSync(new URL('./routes.tsx', import.meta.url), 'utf8');

describe('router and PAGE_PATHS', () => {
  it('every route path is one of PAGE_PATHS, apart from the catch-all', () => {
    const literal = [...source.matchAll(/path:\s*(['"`])(.*?)\1/g)].map((m) => m[2]);
    expect(literal).toEqual(['*']);
  });

  it('every page of PAGE_PATHS has its route', () => {
    const used = [...source.matchAll(/path:\s*PAGE_PATHS\.(\w+)/g)].map((m) => m[1]).sort();
    expect(used).toEqual(Object.keys(PAGE_PATHS).sort());
  });
});
