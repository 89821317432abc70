/**
 * Bad input to an upload's cut-out, through the HTTP API on a real database: malformed or hostile
 * corrections, another user's upload, no session; each gets a translated 4xx and nothing is stored or
 * computed. Deleting the upload deletes its cut-out.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, uploaded, type SignedInUser } from './helpers/factories';
import { cutoutRequests } from './helpers/cutout';
import { useTestApp } from './helpers/test-app';

const photos = path.resolve(import.meta.dirname, '../../../packages/engine/src/samples/photos');

const t = useTestApp();
let alice: SignedInUser;
let bob: SignedInUser;

beforeAll(async () => {
  alice = await signedInUser(t.app, 'alice.cutout-abuse@example.com');
  bob = await signedInUser(t.app, 'bob.cutout-abuse@example.com');
});

const { get, put, filesOf, rowsOf } = cutoutRequests(() => t);

describe('bad input is refused with a translated 4xx, and nothing is stored', () => {
  let id: string;
  let before: { choice: string; version: number }[];
  let files: string[];

  beforeAll(async () => {
    id = await uploaded(t.app, bob.cookie, {
      name: 'cup.png',
      bytes: fs.readFileSync(path.join(photos, 'coffee-cup.png')),
    });
    await get(bob.cookie, `/api/uploads/${id}/cutout`);
    before = await rowsOf(id);
    files = filesOf(bob.userId);
  });

  const cases: [string, unknown, RegExp, RegExp][] = [
    ['malformed JSON', '{"choice": "cutout", ', /JSON/, /JSON/],
    ['an unknown choice', { choice: 'magic' }, /Choose the cut-out/, /Choisissez le détourage/],
    [
      'a box of zero size',
      { choice: 'cutout', corrections: { box: { x: 0.2, y: 0.2, width: 0, height: 0.3 } } },
      /too small/,
      /trop petit/,
    ],
    [
      'a box outside the photo',
      { choice: 'cutout', corrections: { box: { x: 0.8, y: 0.2, width: 0.5, height: 0.3 } } },
      /outside the photo/,
      /sort de la photo/,
    ],
    [
      'a stroke outside the photo',
      {
        choice: 'cutout',
        corrections: {
          strokes: [
            {
              kind: 'keep',
              radius: 0.02,
              points: [
                [0.5, 0.5],
                [1.4, 0.5],
              ],
            },
          ],
        },
      },
      /outside the photo/,
      /sort de la photo/,
    ],
    [
      'a stroke of a wrong kind',
      { choice: 'cutout', corrections: { strokes: [{ kind: 'erase', radius: 0.02, points: [[0.5, 0.5]] }] } },
      /could not be read/,
      /illisible/,
    ],
    [
      'coordinates that are not numbers',
      { choice: 'cutout', corrections: { strokes: [{ kind: 'keep', radius: 0.02, points: [['a', 'b']] }] } },
      /could not be read/,
      /illisible/,
    ],
    [
      'too many strokes',
      {
        choice: 'cutout',
        corrections: {
          strokes: Array.from({ length: 101 }, () => ({ kind: 'keep', radius: 0.02, points: [[0.5, 0.5]] })),
        },
      },
      /Too many strokes/,
      /Trop de traits/,
    ],
    [
      'unknown fields',
      { choice: 'cutout', corrections: { strokes: [], mask: 'AAAA' } },
      /could not be read/,
      /illisible/,
    ],
  ];
  for (const [what, body, english, french] of cases) {
    it(`${what}`, async () => {
      const en = await put(bob.cookie, id, body, 'en');
      expect(en.statusCode).toBe(400);
      expect(en.json().error.message).toMatch(english);
      const fr = await put(bob.cookie, id, body, 'fr');
      expect(fr.json().error.message).toMatch(french);
      expect(await rowsOf(id)).toEqual(before);
      expect(filesOf(bob.userId)).toEqual(files);
    });
  }

  it('corrections that leave nothing of the product (422)', async () => {
    const everything = {
      kind: 'remove',
      radius: 0.2,
      points: [
        [0.1, 0.1],
        [0.9, 0.1],
        [0.9, 0.5],
        [0.1, 0.5],
        [0.1, 0.9],
        [0.9, 0.9],
      ],
    };
    const res = await put(bob.cookie, id, { choice: 'cutout', corrections: { strokes: [everything] } }, 'en');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toMatch(/nothing of the product is left/i);
    expect(await rowsOf(id)).toEqual(before);
    expect(filesOf(bob.userId)).toEqual(files);
  });

  it('a box around a speck, in which nothing is left once the edge is refined (422)', async () => {
    // Just over the smallest box taken (1 % of each side): the engine finds no product in it.
    const speck = { x: 0.02, y: 0.02, width: 0.012, height: 0.012 };
    const res = await put(
      bob.cookie,
      id,
      { choice: 'cutout', corrections: { box: speck, strokes: [] } },
      'fr',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toMatch(/il ne reste rien du produit/);
    expect(await rowsOf(id)).toEqual(before);
    expect(filesOf(bob.userId)).toEqual(files);
  });

  it("another user's upload id, a malformed id, and no session", async () => {
    expect((await put(alice.cookie, id, { choice: 'whole' })).statusCode).toBe(404);
    expect((await get(alice.cookie, `/api/uploads/${id}/cutout`)).statusCode).toBe(404);
    expect((await get(bob.cookie, `/api/uploads/not-a-uuid/cutout`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/uploads/${id}/cutout` })).statusCode).toBe(401);
    expect(await rowsOf(id)).toEqual(before);
  });

  it('deleting the upload deletes its cut-out and its files', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/uploads/${id}`,
      headers: { cookie: bob.cookie },
    });
    expect(res.statusCode).toBe(204);
    expect(await rowsOf(id)).toEqual([]);
    expect(filesOf(bob.userId).filter((f) => f.endsWith('.mask.png') || f.endsWith('.cutout.webp'))).toEqual(
      [],
    );
  });
});
