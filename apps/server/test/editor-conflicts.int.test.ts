/**
 * One image edited in two places (two tabs, a phone and a computer), through HTTP on a real database:
 * a save made from a version older than the stored one is refused with a translated 409 and stores
 * nothing, so the other place's work is not silently replaced.
 */
import { describe, expect, it } from 'vitest';
import { ifMatchOf, type EditorDocument } from '@vitrine/shared/api/editor';
import { alice, editUrl, read, resultId, t, text, useEditorApp } from './helpers/editor-fixture';

useEditorApp();

function put(url: string, body: EditorDocument, savedAt: string | null, lang = 'en') {
  return t.app.inject({
    method: 'PUT',
    url,
    headers: {
      cookie: alice.cookie,
      'accept-language': lang,
      'content-type': 'application/json',
      'if-match': ifMatchOf(savedAt),
    },
    payload: JSON.stringify(body),
  });
}

const doc = (words: string): EditorDocument => ({ version: 1, logo: null, texts: [text({ text: words })] });

describe('the same image edited in two places', () => {
  it('the second place to save over the first is refused, and the first place’s work stays', async () => {
    const url = editUrl(resultId, 'image=1');
    // Both tabs open the never-saved image.
    const opened = await read(alice.cookie, url);
    expect(opened.savedAt).toBeNull();
    const tabA = await put(url, doc('Texte onglet A'), opened.savedAt);
    expect(tabA.statusCode, tabA.body).toBe(200);
    const tabB = await put(url, doc('Texte onglet B'), opened.savedAt, 'fr');
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
    let version = (await read(alice.cookie, url)).savedAt;
    for (const words of ['Un', 'Deux', 'Trois']) {
      const res = await put(url, doc(words), version);
      expect(res.statusCode, res.body).toBe(200);
      version = res.json().savedAt;
    }
    expect((await read(alice.cookie, url)).document).toEqual(doc('Trois'));
    // An older version than the last is refused, even one this place saved itself.
    const stale = await put(url, doc('Vieux'), null);
    expect(stale.statusCode).toBe(409);
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
