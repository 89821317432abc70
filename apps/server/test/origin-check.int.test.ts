import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app';
import { sessionOf } from './helpers/accounts';
import { signedInUser } from './helpers/factories';

const t = useTestApp();
let cookie: string;
beforeAll(async () => {
  ({ cookie } = await signedInUser(t.app, 'origin@example.test', {
    extra: { companyName: 'Maison Origine' },
  }));
});

const EVIL = 'https://evil.example';

function patchProfile(url: string, headers: Record<string, string>) {
  return t.app.inject({
    method: 'PATCH',
    url,
    headers: { cookie, 'accept-language': 'en', ...headers },
    payload: { companyName: 'Pwned' },
  });
}

async function companyName(): Promise<string | null> {
  const [row] = await t.database.query<{ company_name: string | null }>(
    `select p.company_name from profiles p join users u on u.id = p.id where u.email = 'origin@example.test'`,
  );
  return row?.company_name ?? null;
}

// Every spelling the router may take for /api/profile, or refuse: none may skip the origin check.
const SPELLINGS = [
  '/api/profile',
  '/%61pi/profile',
  '/%61%70%69/profile',
  '/api/%70rofile',
  '/API/profile',
  '/Api/Profile',
  '//api/profile',
  '/api//profile',
  '/api/./profile',
  '/./api/profile',
  '/api/x/../profile',
  '/api/profile/',
  '/api/profile?x=1',
  '/api/profile;x=1',
  '/api/profile%00',
];

describe('cross-site requests cannot skip the origin check by how they spell the path', () => {
  it.each(SPELLINGS)('PATCH %s from another site changes nothing', async (url) => {
    const crossSite: Record<string, string>[] = [{ origin: EVIL }, { 'sec-fetch-site': 'cross-site' }];
    for (const headers of crossSite) {
      const res = await patchProfile(url, headers);
      expect([403, 404], `${url} ${res.body}`).toContain(res.statusCode);
      if (res.statusCode === 403) expect(res.json().error.code).toBe('FORBIDDEN_ORIGIN');
    }
    expect(await companyName()).toBe('Maison Origine');
  });

  it.each(['/%61pi/auth/sign-out', '/API/auth/sign-out', '//api/auth/sign-out', '/api/./auth/sign-out'])(
    'POST %s from another site does not sign the victim out',
    async (url) => {
      const res = await t.app.inject({ method: 'POST', url, headers: { cookie, origin: EVIL } });
      expect([403, 404]).toContain(res.statusCode);
      expect((await sessionOf(t.app, cookie)).statusCode).toBe(200);
    },
  );

  it('the same site still changes the profile, by any spelling the router takes', async () => {
    const res = await patchProfile('/%61pi/profile', { origin: t.config.publicUrl });
    expect(res.statusCode, res.body).toBe(200);
    expect(await companyName()).toBe('Pwned');
    const plain = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
      payload: { companyName: 'Maison Origine' },
    });
    expect(plain.statusCode).toBe(200);
    expect(await companyName()).toBe('Maison Origine');
  });
});
