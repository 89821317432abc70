import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app';
import { cookieFrom, linkFor, pathOf, sessionOf, signIn, signUp } from './helpers/accounts';
import { signedInUser, type SignedInUser } from './helpers/factories';

const t = useTestApp();
let alice: SignedInUser;
let bob: SignedInUser;

beforeAll(async () => {
  alice = await signedInUser(t.app, 'alice@example.test', {
    extra: { firstName: 'Alice', lastName: 'Martin' },
  });
  bob = await signedInUser(t.app, 'bob@example.test', { extra: { firstName: 'Bob', lastName: 'Petit' } });
});

const get = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/profile', headers: cookie ? { cookie } : {} });
const patch = (cookie: string, payload: unknown, lang = 'en') =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/profile',
    headers: { cookie, 'accept-language': lang },
    payload: payload as object,
  });

describe('profile', () => {
  it('shows the signed-in user’s profile, e-mail and registration date', async () => {
    const res = await get(alice.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.email).toBe('alice@example.test');
    expect(new Date(body.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // Signed up with a password: deleting the account asks for it.
    expect(body.hasPassword).toBe(true);
    expect(body.profile).toEqual({
      firstName: 'Alice',
      lastName: 'Martin',
      companyName: null,
      jobTitle: null,
      phoneNumber: null,
      website: null,
    });
  });

  it('needs a session', async () => {
    const res = await get();
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('saves edited fields, trims them, and empties optional ones', async () => {
    const res = await patch(alice.cookie, {
      companyName: '  Atelier Martin ',
      jobTitle: 'Gérante',
      phoneNumber: '+33 6 12 34 56 78',
      website: 'https://atelier-martin.fr',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({
      companyName: 'Atelier Martin',
      jobTitle: 'Gérante',
      phoneNumber: '+33 6 12 34 56 78',
    });
    const cleared = await patch(alice.cookie, { jobTitle: '' });
    expect(cleared.json().profile.jobTitle).toBeNull();
  });

  it('a website typed as people type it ("maboutique.fr") is kept as an https address', async () => {
    for (const [typed, kept] of [
      ['maboutique.fr', 'https://maboutique.fr'],
      ['  www.atelier-martin.fr/contact ', 'https://www.atelier-martin.fr/contact'],
      ['http://atelier-martin.fr', 'http://atelier-martin.fr'],
    ]) {
      const res = await patch(alice.cookie, { website: typed });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().profile.website).toBe(kept);
    }
  });

  it('refuses invalid values with a translated message and changes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ website: 'ftp://files.example' }, 'Invalid website address (e.g. https://example.com).'],
      [{ website: 'javascript:alert(1)' }, 'Invalid website address (e.g. https://example.com).'],
      [{ website: 'mailto:shop@example.com' }, 'Invalid website address (e.g. https://example.com).'],
      [{ website: 'boutique' }, 'Invalid website address (e.g. https://example.com).'],
      [{ phoneNumber: '12' }, 'Invalid phone number.'],
      [{ firstName: '' }, 'This field is required.'],
      [{ lastName: 'y'.repeat(101) }, 'This field cannot be longer than 100 characters.'],
      [{ companyName: '<img src=x onerror=alert(1)>' }, 'The signs < and > are not accepted in this field.'],
    ];
    for (const [payload, message] of cases) {
      const res = await patch(alice.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect((await get(alice.cookie)).json().profile.firstName).toBe('Alice');
  });

  it('the e-mail cannot be changed, nor another user’s profile touched', async () => {
    const email = await patch(alice.cookie, { email: 'mallory@example.test' });
    expect(email.statusCode).toBe(400);
    const other = await patch(alice.cookie, { id: bob.userId, firstName: 'Hacked' });
    expect(other.statusCode).toBe(400);
    expect((await get(bob.cookie)).json().profile.firstName).toBe('Bob');
    expect((await get(alice.cookie)).json().email).toBe('alice@example.test');
  });

  it('refuses a body that is not an object', async () => {
    for (const payload of ['"text"', '[1,2]', 'null', '42']) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: { cookie: alice.cookie, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('the account’s language', () => {
  const putLanguage = (cookie: string | undefined, payload: unknown, lang = 'fr') =>
    t.app.inject({
      method: 'PUT',
      url: '/api/profile/language',
      headers: { ...(cookie ? { cookie } : {}), 'accept-language': lang },
      payload: payload as object,
    });
  const languageOf = async (cookie: string) => (await sessionOf(t.app, cookie)).json().user.language;

  it('is the language the account was signed up in, whatever language later requests use', async () => {
    const email = 'emma@example.test';
    const signedUp = await signUp(t.app, { email, firstName: 'Emma' }, 'en-US,en;q=0.9');
    expect(signedUp.statusCode).toBe(201);
    await t.app.inject({
      method: 'GET',
      url: pathOf(await linkFor(t.app, email, 'verify-email')),
      headers: { cookie: cookieFrom(signedUp) },
    });
    const cookie = cookieFrom(await signIn(t.app, email, undefined, 'fr'));
    expect(await languageOf(cookie)).toBe('en');
    // Alice signed up in French (the helpers' default language).
    expect(await languageOf(alice.cookie)).toBe('fr');
  });

  it('follows the language chosen in the dashboard', async () => {
    const res = await putLanguage(bob.cookie, { language: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ language: 'en' });
    expect(await languageOf(bob.cookie)).toBe('en');
    expect(await languageOf(alice.cookie)).toBe('fr');
  });

  it('refuses anything but fr or en, with a translated message, and keeps the one it had', async () => {
    const cases: [unknown, string, string][] = [
      [{ language: 'de' }, 'fr', 'Choisissez le français (fr) ou l’anglais (en).'],
      [{ language: 'EN' }, 'en', 'Choose French (fr) or English (en).'],
      [{}, 'en', 'Choose French (fr) or English (en).'],
      [{ language: 'en', userId: bob.userId }, 'en', 'This field is not accepted here.'],
    ];
    for (const [payload, lang, message] of cases) {
      const res = await putLanguage(alice.cookie, payload, lang);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.json().error), JSON.stringify(payload)).toContain(message);
    }
    expect(await languageOf(alice.cookie)).toBe('fr');
  });

  it('needs a session', async () => {
    const res = await putLanguage(undefined, { language: 'en' });
    expect(res.statusCode).toBe(401);
  });
});
