/**
 * The image editor's saved documents, through HTTP on a real database: owner only, finished
 * generations and existing images only, saved and reopened exactly, and every bad body refused with a
 * translated 4xx and nothing stored.
 */
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { EDITOR_BODY_LIMIT, type EditorDocument } from '@vitrine/shared/api/editor';
import { signedInUser } from './helpers/factories';
import { startExpress, started } from './helpers/generations';
import {
  alice,
  bob,
  editRows,
  editUrl,
  generationId,
  getEdit,
  holdRenders,
  putEdit,
  read,
  resultId,
  saved,
  t,
  text,
  uploadLogo,
  useEditorApp,
} from './helpers/editor-fixture';

useEditorApp();

describe('editor documents: who may read and save them', () => {
  it('a visitor gets a translated 401 and nothing is stored', async () => {
    const get = await getEdit(undefined, editUrl(generationId), 'fr');
    expect(get.statusCode).toBe(401);
    expect(get.json().error.message).toBe('Veuillez vous connecter pour modifier vos images');
    const put = await putEdit(undefined, editUrl(generationId), { version: 2, logo: null, texts: [text()] });
    expect(put.statusCode).toBe(401);
    expect(put.json().error.code).toBe('UNAUTHENTICATED');
    expect(await editRows(alice.userId)).toEqual([]);
  });

  it('another user’s generation, an unknown id or a malformed id answers 404 and nothing is stored', async () => {
    const body: EditorDocument = { version: 2, logo: null, texts: [text()] };
    for (const id of [generationId, resultId]) {
      expect((await getEdit(bob.cookie, editUrl(id))).statusCode).toBe(404);
      const put = await putEdit(bob.cookie, editUrl(id), body);
      expect(put.statusCode).toBe(404);
      expect(put.json().error.code).toBe('NOT_FOUND');
    }
    for (const id of ['8d0c2f55-2b1f-4a8e-9d0e-7d7a8f0b6c11', 'not-a-uuid']) {
      expect((await getEdit(alice.cookie, editUrl(id))).statusCode).toBe(404);
      expect((await putEdit(alice.cookie, editUrl(id), body)).statusCode).toBe(404);
    }
    expect(await editRows(alice.userId)).toEqual([]);
    expect(await editRows(bob.userId)).toEqual([]);
  });

  it('an image the generation does not have answers a translated 404; a bad image index a 400', async () => {
    const missing = await getEdit(alice.cookie, editUrl(generationId, 'image=2'), 'fr');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Cette génération n’a pas cette image.');
    const put = await putEdit(alice.cookie, editUrl(generationId, 'image=3'), {
      version: 2,
      logo: null,
      texts: [],
    });
    expect(put.statusCode).toBe(404);
    // Up to 31: four variants in each of eight formats; 4 is an image this generation does not have.
    expect((await getEdit(alice.cookie, editUrl(generationId, 'image=4'))).statusCode).toBe(404);
    for (const query of [
      'image=32',
      'image=01',
      'image=-1',
      'image=abc',
      'image=1.5',
      'image=',
      'image=1e0',
      'image=0x1',
    ]) {
      const res = await getEdit(alice.cookie, editUrl(generationId, query));
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message, query).toBe('Choose one of the generation’s images (0 to 31).');
    }
    const extra = await getEdit(alice.cookie, editUrl(generationId, 'image=0&user=someone'));
    expect(extra.statusCode).toBe(400);
    expect(await editRows(alice.userId)).toEqual([]);
  });

  it('a generation still in progress answers a translated 409', async () => {
    const carol = await signedInUser(t.app, 'carol-editor@example.test');
    holdRenders(true);
    try {
      const res = await startExpress(t.app, carol.cookie, { style: 'vintage', format: 'square' });
      const { id } = started(res.body).generation;
      for (const lang of ['fr', 'en'] as const) {
        const get = await getEdit(carol.cookie, editUrl(id), lang);
        expect(get.statusCode).toBe(409);
        expect(get.json().error.code).toBe('GENERATION_NOT_COMPLETED');
        expect(get.json().error.message).toBe(
          lang === 'fr'
            ? 'Cette génération n’est pas encore terminée\u00a0: ses images pourront être modifiées une fois qu’elle le sera.'
            : 'This generation is not finished yet: its images can be edited once it is completed.',
        );
      }
      const put = await putEdit(carol.cookie, editUrl(id), { version: 2, logo: null, texts: [] });
      expect(put.statusCode).toBe(409);
      expect(await editRows(carol.userId)).toEqual([]);
    } finally {
      holdRenders(false);
    }
  });
});

describe('editor documents: saving and reopening', () => {
  it('an image never edited reads as the empty document, never saved (an image without a plate: over itself)', async () => {
    expect(await read(alice.cookie, editUrl(generationId, 'image=1'))).toEqual({
      document: { version: 2, logo: null, texts: [] },
      savedAt: null,
      version: null,
      plate: null,
      // No text of its own: the language the request speaks.
      language: 'en',
    });
    // Without `image`, the first image.
    expect((await read(alice.cookie, `/api/generations/${generationId}/edit`)).savedAt).toBeNull();
  });

  it('text sizes are pixels of a 540-px display (the spec’s 24 reads on a 1080-px image): a version 1 document, measured on 1080, is read halved', async () => {
    const url = editUrl(generationId, 'image=1');
    const v1 = {
      version: 1,
      logo: null,
      texts: [
        text({ id: 'a', fontSize: 24, outlineWidth: 2 }),
        text({ id: 'b', fontSize: 50, outlineWidth: 3 }),
        text({ id: 'c', fontSize: 120, outlineWidth: 0 }),
      ],
    };
    const sizes = (document: EditorDocument) => document.texts.map((t) => [t.id, t.fontSize, t.outlineWidth]);
    const halved = [
      ['a', 12, 1],
      ['b', 26, 2],
      ['c', 60, 0],
    ];
    // A version 1 body (a page loaded before the change) is saved as version 2.
    const put = await putEdit(alice.cookie, url, v1);
    expect(put.statusCode, put.body).toBe(200);
    const reread = await read(alice.cookie, url);
    expect(reread.document.version).toBe(2);
    expect(sizes(reread.document)).toEqual(halved);
    // A version 1 document stored before the change is migrated (migration 0017), in its texts' order.
    await t.database.query(
      `update generation_edits set document = $1 where result_id = $2 and image_index = 1`,
      [JSON.stringify(v1), resultId],
    );
    const migration = fs.readFileSync(
      new URL('../src/db/migrations/0017_editor_document_v2.sql', import.meta.url),
      'utf8',
    );
    await t.database.query(migration);
    const migrated = await read(alice.cookie, url);
    expect(migrated.document.version).toBe(2);
    expect(sizes(migrated.document)).toEqual(halved);
    expect(migrated.document.texts.map((t) => t.text)).toEqual(v1.texts.map((t) => t.text));
    // Larger than the largest size once halved: still refused.
    const tooLarge = await putEdit(alice.cookie, url, { ...v1, texts: [text({ fontSize: 300 })] });
    expect(tooLarge.statusCode).toBe(400);
  });

  it('a saved document is restored exactly, per image, by the generation’s id or its result’s', async () => {
    const logo = await uploadLogo(alice);
    const document: EditorDocument = {
      version: 2,
      logo: { uploadId: logo, x: 12.5, y: 88, size: 35 },
      texts: [
        text(),
        text({
          id: '1767225600001',
          text: 'Nouveauté',
          x: 0,
          y: 100,
          fontSize: 120,
          color: '#ff8000',
          backgroundColor: '#000080',
          fontFamily: 'Comic Sans MS',
          fontWeight: 'italic',
          outlineColor: '#ffffff',
          outlineWidth: 0,
        }),
      ],
    };
    const first = await saved(alice.cookie, editUrl(generationId, 'image=1'), document);
    expect(first.document).toEqual(document);
    expect(Number.isNaN(Date.parse(first.savedAt!))).toBe(false);

    expect(await read(alice.cookie, editUrl(generationId, 'image=1'))).toEqual(first);
    expect(await read(alice.cookie, editUrl(resultId, 'image=1'))).toEqual(first);
    // The other image has its own document.
    expect((await read(alice.cookie, editUrl(generationId, 'image=0'))).savedAt).toBeNull();

    // Saving again replaces it (one row per image), with a new savedAt.
    const second = await saved(alice.cookie, editUrl(resultId, 'image=1'), { ...document, texts: [] });
    expect(second.document.texts).toEqual([]);
    expect(Date.parse(second.savedAt!)).toBeGreaterThanOrEqual(Date.parse(first.savedAt!));
    expect((await editRows(alice.userId)).map((r) => r.image_index)).toEqual([1]);

    // Bob still sees nothing of it.
    expect((await getEdit(bob.cookie, editUrl(generationId, 'image=1'))).statusCode).toBe(404);
  });

  it('texts are stored trimmed, with a pasted tab or control character as a space', async () => {
    const pasted = await saved(alice.cookie, editUrl(generationId, 'image=0'), {
      version: 2,
      logo: null,
      texts: [text({ text: 'Prix\t9,90\u00a0€\u0007' })],
    });
    expect(pasted.document.texts[0]!.text).toBe('Prix 9,90\u00a0€');
    const res = await saved(alice.cookie, editUrl(generationId, 'image=0'), {
      version: 2,
      logo: null,
      texts: [text({ text: '  Promo  ' })],
    });
    expect(res.document.texts[0]!.text).toBe('Promo');
    expect((await read(alice.cookie, editUrl(generationId, 'image=0'))).document.texts[0]!.text).toBe(
      'Promo',
    );
  });
});

describe('editor documents: bad input is refused, translated, and nothing is stored', () => {
  const url = () => editUrl(generationId, 'image=0');
  const valid = (): EditorDocument => ({ version: 2, logo: null, texts: [text({ id: 'kept' })] });

  beforeAll(async () => {
    await saved(alice.cookie, url(), valid());
  });

  async function unchanged() {
    const rows = await editRows(alice.userId);
    expect(rows.find((r) => r.image_index === 0)?.document).toEqual(valid());
  }

  it('wrong types, out-of-range values and unknown fields: 400 naming the field', async () => {
    const cases: [string, unknown, string, string][] = [
      ['unknown top field', { ...valid(), owner: 'bob' }, 'owner', 'This field is not accepted here.'],
      [
        'unknown text field',
        { ...valid(), texts: [{ ...text(), shadow: true }] },
        'shadow',
        'This field is not accepted here.',
      ],
      ['version', { ...valid(), version: 3 }, 'version', 'Choose one of the options offered.'],
      ['logo as text', { ...valid(), logo: 'x' }, 'logo', 'This value is not valid.'],
      ['texts as an object', { ...valid(), texts: {} }, 'texts', 'This value is not valid.'],
      [
        'two texts with one id',
        { ...valid(), texts: [text({ id: 'a' }), text({ id: 'a' })] },
        'texts',
        'This value is not valid.',
      ],
      [
        'font size not even',
        { ...valid(), texts: [text({ fontSize: 13 })] },
        'texts',
        'The text size is an even number of pixels from 12 to 120.',
      ],
      [
        'font size as a string',
        { ...valid(), texts: [{ ...text(), fontSize: '24' }] },
        'texts',
        'The text size is an even number of pixels from 12 to 120.',
      ],
      [
        'position past 100',
        { ...valid(), texts: [text({ x: 101 })] },
        'texts',
        'A position is a percentage from 0 to 100.',
      ],
      [
        'colour name',
        { ...valid(), texts: [text({ color: 'red' })] },
        'texts',
        'Choose a colour as #rrggbb.',
      ],
      [
        'unknown font',
        { ...valid(), texts: [{ ...text(), fontFamily: 'Papyrus' }] },
        'texts',
        'Choose one of the six fonts offered.',
      ],
      [
        'blank text',
        { ...valid(), texts: [text({ text: '   ' })] },
        'texts',
        'Text required: please enter a text before adding it.',
      ],
      [
        'too many texts',
        { ...valid(), texts: Array.from({ length: 21 }, (_, i) => text({ id: String(i) })) },
        'texts',
        'An image holds 20 texts at most.',
      ],
      [
        'logo too large',
        { ...valid(), logo: { uploadId: '8d0c2f55-2b1f-4a8e-9d0e-7d7a8f0b6c11', x: 50, y: 50, size: 90 } },
        'logo',
        'The logo size is a percentage from 5 to 80.',
      ],
      [
        'logo id not a uuid',
        { ...valid(), logo: { uploadId: '../etc/passwd', x: 50, y: 50, size: 20 } },
        'logo',
        'This logo is not one of your uploads.',
      ],
      ['texts missing', { version: 2, logo: null }, 'texts', 'This field is required.'],
    ];
    for (const [name, body, field, message] of cases) {
      const res = await putEdit(alice.cookie, url(), body);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.code, name).toBe('VALIDATION_FAILED');
      expect(res.json().error.fields?.[field], name).toBe(message);
    }
    await unchanged();
  });

  it('French messages for the same mistakes', async () => {
    const res = await putEdit(alice.cookie, url(), { ...valid(), texts: [text({ outlineWidth: 11 })] }, 'fr');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'L’épaisseur du contour est un nombre entier de pixels, de 0 à 10.',
    );
    await unchanged();
  });

  it('malformed JSON, a body that is not an object, the wrong content type, an empty body', async () => {
    const malformed = await putEdit(alice.cookie, url(), '{"version": 1, "texts": [', 'fr');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatchObject({
      code: 'INVALID_JSON',
      message: 'Le corps de la requête n’est pas un JSON valide.',
    });
    for (const body of ['[]', '"document"', 'null', '42']) {
      const res = await putEdit(alice.cookie, url(), body);
      expect(res.statusCode, body).toBe(400);
    }
    const plain = await putEdit(alice.cookie, url(), 'version=1', 'en', 'text/plain');
    expect(plain.statusCode).toBe(400);
    expect(plain.json().error.code).toBe('VALIDATION_FAILED');
    const xml = await putEdit(alice.cookie, url(), '<document/>', 'en', 'application/xml');
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error.message).toBe('Unsupported content type. Send JSON (application/json).');
    const empty = await putEdit(alice.cookie, url(), '');
    expect(empty.statusCode).toBe(400);
    await unchanged();
  });

  it(`a body over ${EDITOR_BODY_LIMIT / 1024} KB answers a translated 413`, async () => {
    const padded = JSON.stringify({ ...valid(), padding: 'x'.repeat(EDITOR_BODY_LIMIT) });
    for (const lang of ['en', 'fr'] as const) {
      const res = await putEdit(alice.cookie, url(), padded, lang);
      expect(res.statusCode).toBe(413);
      expect(res.json().error.message).toBe(
        lang === 'en'
          ? 'The request body is too large (maximum 64 KB).'
          : 'Le corps de la requête est trop volumineux (maximum 64 KB).',
      );
    }
    await unchanged();
  });
});
