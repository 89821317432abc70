import { describe, expect, it } from 'vitest';
import { idParams, imageParams, portalQuery, sessionQuery, signedLinkQuery } from './params';

const ID = '0b5e3a8c-94f4-4a47-9a53-2f1c3d4e5f60';

describe('path parameters', () => {
  it('an id is a UUID in any letter case; anything else names nothing', () => {
    expect(idParams.parse({ id: ID })).toEqual({ id: ID });
    expect(idParams.safeParse({ id: ID.toUpperCase() }).success).toBe(true);
    for (const id of ['', 'abc', `${ID}x`, ` ${ID}`, '../etc/passwd']) {
      expect(idParams.safeParse({ id }).success).toBe(false);
    }
  });

  it('a result image is a UUID and a position of one or two digits, read as a number', () => {
    expect(imageParams.parse({ resultId: ID, index: '7' })).toEqual({ resultId: ID, index: 7 });
    expect(imageParams.parse({ resultId: ID, index: '07' })).toEqual({ resultId: ID, index: 7 });
    for (const index of ['100', '-1', '1.5', '', ' 1']) {
      expect(imageParams.safeParse({ resultId: ID, index }).success).toBe(false);
    }
  });
});

describe('query strings', () => {
  it('passive is on only for passive=1', () => {
    expect(sessionQuery.parse({ passive: '1' }).passive).toBe(true);
    expect(sessionQuery.parse({ passive: 'true' }).passive).toBe(false);
    expect(sessionQuery.parse({ passive: ['1', '1'] }).passive).toBe(false);
    expect(sessionQuery.parse({}).passive).toBe(false);
  });

  it('a signed link keeps its expiry and signature as sent, and nothing else', () => {
    expect(signedLinkQuery.parse({ exp: '1', sig: 'abc', other: 'x' })).toEqual({ exp: '1', sig: 'abc' });
    expect(signedLinkQuery.parse({})).toEqual({});
  });

  it('the portal reads a value it does not know as absent, never refusing the page', () => {
    expect(portalQuery.parse({ lang: 'en', done: 'cancelled', confirm: 'cancel' })).toEqual({
      lang: 'en',
      done: 'cancelled',
      confirm: 'cancel',
    });
    expect(portalQuery.parse({ lang: 'de', done: 'deleted', confirm: 'yes' })).toEqual({});
    expect(portalQuery.parse({ lang: ['fr', 'en'] })).toEqual({});
  });
});
