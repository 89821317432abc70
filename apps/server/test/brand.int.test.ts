/**
 * The brand kit (GET and PUT /api/brand) through HTTP on a real database: an empty kit until one is
 * saved, a kit saved whole and read back, bad input refused with a translated 400 that changes
 * nothing, the logo kept while the kit uses it, and the kit gone with its account.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_BRAND_KIT, type BrandKit } from '@vitrine/shared/api/brand';
import type { JobContext } from '../src/jobs/job';
import { historyRetention } from '../src/jobs/definitions/history-retention';
import { signedInUser, type SignedInUser } from './helpers/factories';
import { multipartFile } from './helpers/multipart';
import { anotherCopy } from './helpers/sample-images';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

let logoPng: Buffer;
let copies = 0;
beforeAll(async () => {
  logoPng = await sharp({
    create: { width: 160, height: 80, channels: 4, background: { r: 30, g: 80, b: 120, alpha: 0.8 } },
  })
    .png()
    .toBuffer();
});

async function uploadAs(user: SignedInUser, role = 'logo'): Promise<string> {
  const { payload, headers } = multipartFile('logo.png', anotherCopy(logoPng, ++copies), 'image/png');
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/uploads?role=${role}`,
    payload,
    headers: { ...headers, cookie: user.cookie },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

function putBrand(
  cookie: string | undefined,
  body: unknown,
  lang = 'en',
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/brand',
    headers: {
      'accept-language': lang,
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function brandOf(cookie: string): Promise<BrandKit> {
  const res = await t.app.inject({ method: 'GET', url: '/api/brand', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const kitRows = (userId: string) => t.database.query(`select * from brand_kits where user_id = $1`, [userId]);

const uploadRow = (id: string) => t.database.query(`select id from uploads where id = $1`, [id]);

const retentionOn = (daysFromNow: number) =>
  historyRetention.handle({ database: t.database, storage: t.app.deps.storage } as unknown as JobContext, {
    now: new Date(Date.now() + daysFromNow * 86_400_000).toISOString(),
  });

describe('the brand kit: reading and saving it', () => {
  it('a user who never saved a kit reads an empty one', async () => {
    const user = await signedInUser(t.app, 'brand-empty@example.test');
    expect(await brandOf(user.cookie)).toEqual(EMPTY_BRAND_KIT);
  });

  it('PUT replaces the kit whole and GET reads it back: colours in lower case, names and signature trimmed', async () => {
    const user = await signedInUser(t.app, 'brand-saved@example.test');
    const logo = await uploadAs(user);
    const res = await putBrand(user.cookie, {
      colours: [
        { hex: '#1F4E79', name: ' Bleu nuit ' },
        { hex: '#e07a5f', name: '' },
      ],
      logoUploadId: logo,
      typography: 'élégant',
      signature: '  www.maboutique.fr ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      colours: [
        { hex: '#1f4e79', name: 'Bleu nuit' },
        { hex: '#e07a5f', name: '' },
      ],
      logo: { uploadId: logo, fileUrl: `/api/uploads/${logo}/file`, name: 'logo.png' },
      typography: 'élégant',
      signature: 'www.maboutique.fr',
      updatedAt: expect.any(String),
    };
    expect(res.json()).toEqual(expected);
    expect(await brandOf(user.cookie)).toEqual(expected);

    // Whole: what a second PUT leaves out is emptied.
    const second = await putBrand(user.cookie, { colours: [{ hex: '#000000', name: 'Noir' }] });
    expect(second.statusCode, second.body).toBe(200);
    expect(await brandOf(user.cookie)).toMatchObject({
      colours: [{ hex: '#000000', name: 'Noir' }],
      logo: null,
      typography: null,
      signature: null,
    });
    // And an empty kit clears it.
    expect((await putBrand(user.cookie, { colours: [] })).statusCode).toBe(200);
    expect(await brandOf(user.cookie)).toMatchObject({ colours: [], logo: null });
  });

  it('bad input gets a translated 400 on its field and changes nothing', async () => {
    const user = await signedInUser(t.app, 'brand-refused@example.test');
    const other = await signedInUser(t.app, 'brand-other@example.test');
    const saved = { colours: [{ hex: '#112233', name: 'Encre' }], signature: '@maboutique' };
    expect((await putBrand(user.cookie, saved)).statusCode).toBe(200);
    const before = await brandOf(user.cookie);
    const othersLogo = await uploadAs(other);
    const ownProductPhoto = await uploadAs(user, 'product');
    const colour = (hex: unknown) => ({ colours: [{ hex, name: 'x' }] });
    const cases: [string, unknown, string, string, string][] = [
      [
        'six colours',
        {
          colours: ['#000000', '#111111', '#222222', '#333333', '#444444', '#555555'].map((hex) => ({ hex })),
        },
        'colours',
        'A brand holds 5 colours at most.',
        'Une marque compte 5 couleurs au plus.',
      ],
      [
        "'#12345g'",
        colour('#12345g'),
        'colours',
        'A colour is written #rrggbb, e.g. #1f4e79.',
        'Une couleur s’écrit #rrggbb, par exemple #1f4e79.',
      ],
      [
        "'red'",
        colour('red'),
        'colours',
        'A colour is written #rrggbb, e.g. #1f4e79.',
        'Une couleur s’écrit #rrggbb, par exemple #1f4e79.',
      ],
      [
        'a colour that is not text',
        colour(0x112233),
        'colours',
        'A colour is written #rrggbb, e.g. #1f4e79.',
        'Une couleur s’écrit #rrggbb, par exemple #1f4e79.',
      ],
      [
        'another user’s logo',
        { ...saved, logoUploadId: othersLogo },
        'logoUploadId',
        'This logo is not one of your uploads.',
        'Ce logo ne fait pas partie de vos images envoyées.',
      ],
      [
        'an unknown logo',
        { ...saved, logoUploadId: '8d0c2f55-2b1f-4a8e-9d0e-7d7a8f0b6c11' },
        'logoUploadId',
        'This logo is not one of your uploads.',
        'Ce logo ne fait pas partie de vos images envoyées.',
      ],
      [
        'a product photo as the logo',
        { ...saved, logoUploadId: ownProductPhoto },
        'logoUploadId',
        'This logo is not one of your uploads.',
        'Ce logo ne fait pas partie de vos images envoyées.',
      ],
      [
        'a typography not offered',
        { ...saved, typography: 'gothique' },
        'typography',
        'Choose one of the options offered.',
        'Choisissez l’une des options proposées.',
      ],
      [
        'a signature too long',
        { ...saved, signature: 'w'.repeat(61) },
        'signature',
        'This field cannot be longer than 60 characters.',
        'Ce champ ne peut pas dépasser 60 caractères.',
      ],
      [
        'a signature but no colour',
        { colours: [], signature: '06 12 34 56 78' },
        'colours',
        'Add one colour at least: the “My brand” palette is made of them.',
        'Ajoutez au moins une couleur\u00a0: la palette «\u00a0Ma marque\u00a0» en est faite.',
      ],
    ];
    for (const [name, body, field, en, fr] of cases) {
      const res = await putBrand(user.cookie, body);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.code, name).toBe('VALIDATION_FAILED');
      expect(res.json().error.fields[field], name).toBe(en);
      expect((await putBrand(user.cookie, body, 'fr')).json().error.fields[field], name).toBe(fr);
    }
    expect(await brandOf(user.cookie)).toEqual(before);
  });

  it('a body that is not JSON, no session, or another site: refused, nothing stored', async () => {
    const user = await signedInUser(t.app, 'brand-malformed@example.test');
    const body = { colours: [{ hex: '#112233', name: '' }] };
    const malformed = await putBrand(user.cookie, '{"colours": [', 'fr');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('INVALID_JSON');
    expect(malformed.json().error.message).not.toMatch(/JSON at position|Unexpected/);

    const anonymous = await putBrand(undefined, body);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
    expect((await t.app.inject({ method: 'GET', url: '/api/brand' })).statusCode).toBe(401);

    const crossSite = await putBrand(user.cookie, body, 'en', { origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().error.code).toBe('FORBIDDEN_ORIGIN');
    expect(await kitRows(user.userId)).toEqual([]);
  });
});

describe('the brand kit: its logo and its account', () => {
  it('the logo is kept while the kit uses it, and goes once the kit drops it and nothing else uses it', async () => {
    const user = await signedInUser(t.app, 'brand-logo-kept@example.test');
    const logo = await uploadAs(user);
    expect(
      (await putBrand(user.cookie, { colours: [{ hex: '#abcdef' }], logoUploadId: logo })).statusCode,
    ).toBe(200);
    // Forty days unused: past both the logos' day of grace and the unused uploads' thirty days.
    await retentionOn(40);
    expect(await uploadRow(logo)).toHaveLength(1);
    expect((await brandOf(user.cookie)).logo?.uploadId).toBe(logo);

    expect((await putBrand(user.cookie, { colours: [{ hex: '#abcdef' }] })).statusCode).toBe(200);
    await retentionOn(2);
    expect(await uploadRow(logo)).toEqual([]);
  });

  it('a logo deleted by its owner leaves the kit without a logo, the rest unchanged', async () => {
    const user = await signedInUser(t.app, 'brand-logo-deleted@example.test');
    const logo = await uploadAs(user);
    await putBrand(user.cookie, { colours: [{ hex: '#abcdef' }], logoUploadId: logo, signature: '@shop' });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/uploads/${logo}`,
      headers: { cookie: user.cookie },
    });
    expect(removed.statusCode).toBe(204);
    expect(await brandOf(user.cookie)).toMatchObject({ logo: null, signature: '@shop' });
  });

  it('deleting the account deletes its kit', async () => {
    const user = await signedInUser(t.app, 'brand-account-deleted@example.test');
    await putBrand(user.cookie, { colours: [{ hex: '#abcdef' }] });
    expect(await kitRows(user.userId)).toHaveLength(1);
    await t.database.query(`delete from users where id = $1`, [user.userId]);
    expect(await kitRows(user.userId)).toEqual([]);
  });
});
