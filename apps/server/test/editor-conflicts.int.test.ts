/**
 * One image edited in two places (two tabs, a phone and a computer), through HTTP on a real database:
 * a save made from a version older than the stored one is refused with a translated 409 and stores
 * nothing, so the other place's work is not silently replaced.
 */
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { EDIT_VERSION_HEADER, ifMatchOf, type EditorDocument } from '@vitrine/shared/api/editor';
import { alice, editUrl, read, resultId, t, text, useEditorApp } from './helpers/editor-fixture';

useEditorApp();

function put(
  url: string,
  body: EditorDocument,
  basedOn: string | null | (string | null)[],
  lang = 'en',
  version?: string,
) {
  return t.app.inject({
    method: 'PUT',
    url,
    headers: {
      cookie: alice.cookie,
      'accept-language': lang,
      'content-type': 'application/json',
      'if-match': Array.isArray(basedOn)
        ? ifMatchOf(basedOn[0] ?? null, ...basedOn.slice(1))
        : ifMatchOf(basedOn),
      ...(version && { [EDIT_VERSION_HEADER]: version }),
    },
    payload: JSON.stringify(body),
  });
}

const doc = (words: string): EditorDocument => ({ version: 2, logo: null, texts: [text({ text: words })] });

describe('the same image edited in two places', () => {
  it('the second place to save over the first is refused, and the first place’s work stays', async () => {
    const url = editUrl(resultId, 'image=1');
    // Both tabs open the never-saved image.
    const opened = await read(alice.cookie, url);
    expect(opened.version).toBeNull();
    const tabA = await put(url, doc('Texte onglet A'), opened.version);
    expect(tabA.statusCode, tabA.body).toBe(200);
    const tabB = await put(url, doc('Texte onglet B'), opened.version, 'fr');
    expect(tabB.statusCode).toBe(409);
    expect(tabB.json().error).toEqual({
      code: 'EDIT_CONFLICT',
      message:
        'Cette image a été modifiée ailleurs (dans un autre onglet ou sur un autre appareil) depuis que vous l’avez ouverte.',
    });
    expect((await read(alice.cookie, url)).document).toEqual(doc('Texte onglet A'));
  });

  it('a place saving from its own last save goes on saving, each save naming the one before', async () => {
    const url = editUrl(resultId, 'image=1');
    let version = (await read(alice.cookie, url)).version;
    for (const words of ['Un', 'Deux', 'Trois']) {
      const res = await put(url, doc(words), version);
      expect(res.statusCode, res.body).toBe(200);
      version = res.json().version;
    }
    expect((await read(alice.cookie, url)).document).toEqual(doc('Trois'));
    // An older version than the last is refused, even one this place saved itself.
    const stale = await put(url, doc('Vieux'), null);
    expect(stale.statusCode).toBe(409);
  });

  it('a client that picks its versions chains a save to one still on its way', async () => {
    const url = editUrl(resultId, 'image=1');
    const start = (await read(alice.cookie, url)).version;
    const first = randomUUID();
    const second = randomUUID();
    // The second save names the first one's version, which the client picked itself: it needs no
    // answer from the server to chain them (a save sent as the page closes, the first still on its way).
    expect((await put(url, doc('Premier'), start, 'en', first)).statusCode).toBe(200);
    expect((await put(url, doc('Dernier'), first, 'en', second)).statusCode).toBe(200);
    expect(await read(alice.cookie, url)).toMatchObject({ document: doc('Dernier'), version: second });
    // A version that is not a UUID is refused, and nothing is stored.
    const bad = await put(url, doc('Mauvais'), second, 'en', 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect((await read(alice.cookie, url)).version).toBe(second);
  });

  it('a save chained to one still on its way is stored even when it arrives first; the earlier one then changes nothing', async () => {
    const url = editUrl(resultId, 'image=1');
    const start = (await read(alice.cookie, url)).version;
    const first = randomUUID();
    const second = randomUUID();
    // Sent as the page closed, the second save overtook the first on the network. It names the first
    // one's version and the one that was made from.
    const overtaking = await put(url, doc('Dernier mot'), [first, start], 'en', second);
    expect(overtaking.statusCode, overtaking.body).toBe(200);
    const late = await put(url, doc('Avant-dernier'), start, 'fr', first);
    expect(late.statusCode).toBe(409);
    expect(await read(alice.cookie, url)).toMatchObject({ document: doc('Dernier mot'), version: second });

    // In the usual order, the second save is stored over the first.
    const third = randomUUID();
    const fourth = randomUUID();
    expect((await put(url, doc('Trois'), second, 'en', third)).statusCode).toBe(200);
    expect((await put(url, doc('Quatre'), [third, second], 'en', fourth)).statusCode).toBe(200);
    expect(await read(alice.cookie, url)).toMatchObject({ document: doc('Quatre'), version: fourth });
  });

  it('naming two versions is no way around a save made elsewhere; three are refused', async () => {
    const url = editUrl(resultId, 'image=1');
    const start = (await read(alice.cookie, url)).version;
    const elsewhere = await put(url, doc('Ailleurs'), start);
    expect(elsewhere.statusCode).toBe(200);
    // Made from `start` through a save of this place that never arrived: the other place's save stays.
    const mine = await put(url, doc('Ici'), [randomUUID(), start], 'fr', randomUUID());
    expect(mine.statusCode).toBe(409);
    expect(mine.json().error.code).toBe('EDIT_CONFLICT');
    const stored = elsewhere.json().version as string;
    const many = await put(url, doc('Trop'), [randomUUID(), randomUUID(), stored], 'fr', randomUUID());
    expect(many.statusCode).toBe(400);
    expect(many.json().error.code).toBe('BAD_REQUEST');
    expect(await read(alice.cookie, url)).toMatchObject({ document: doc('Ailleurs'), version: stored });
  });

  it('an If-Match that is not a list of one or two quoted versions is a 400, and nothing is stored', async () => {
    const url = editUrl(resultId, 'image=1');
    const before = await read(alice.cookie, url);
    const stored = before.version ?? 'new';
    const malformed = [
      '',
      '*',
      '""',
      stored,
      `W/"${stored}"`,
      `"${stored},${randomUUID()}"`,
      `"${stored}" "${randomUUID()}"`,
      `"nope"`,
      `"${stored}", "${randomUUID()}", "${randomUUID()}"`,
    ];
    for (const ifMatch of malformed) {
      const res = await t.app.inject({
        method: 'PUT',
        url,
        headers: { cookie: alice.cookie, 'content-type': 'application/json', 'if-match': ifMatch },
        payload: JSON.stringify(doc('Mal formé')),
      });
      expect(res.statusCode, ifMatch).toBe(400);
      expect(res.json().error.code, ifMatch).toBe('BAD_REQUEST');
    }
    expect(await read(alice.cookie, url)).toEqual(before);
    // Upper case, an empty entry and a repeated version are still the one stored version.
    const res = await t.app.inject({
      method: 'PUT',
      url,
      headers: {
        cookie: alice.cookie,
        'content-type': 'application/json',
        'if-match': `"${stored.toUpperCase()}", , "${stored}"`,
      },
      payload: JSON.stringify(doc('Bien formé')),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await read(alice.cookie, url)).document).toEqual(doc('Bien formé'));
  });

  it('a save naming no version saves whatever is stored (as before the header existed)', async () => {
    const url = editUrl(resultId, 'image=1');
    const res = await t.app.inject({
      method: 'PUT',
      url,
      headers: { cookie: alice.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(doc('Sans version')),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await read(alice.cookie, url)).document).toEqual(doc('Sans version'));
  });
});
