/**
 * Signing up with someone else's address (docs/decisions/036): confirming an address never activates
 * a password its owner did not choose, a later sign-up replaces an unconfirmed one, and the name a
 * stranger typed reaches the address without links.
 */
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app';
import { cookieFrom, linkFor, mailbox, pathOf, signIn, signUp, waitForMail } from './helpers/accounts';

const t = useTestApp();

const STRANGER_PASSWORD = 'Stranger123';
const OWNER_PASSWORD = 'OwnerChose9';

const open = (link: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url: pathOf(link), headers: cookie ? { cookie } : {} });
const resetWith = (token: string, password: string, lang = 'fr') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/password/reset',
    headers: { 'accept-language': lang },
    payload: { token, password },
  });
const verified = async (email: string) =>
  (
    await t.database.query<{ email_verified: boolean }>(`select email_verified from users where email = $1`, [
      email,
    ])
  )[0]?.email_verified;

describe('a confirmation link activates only the password chosen in the browser that opens it', () => {
  it('opened anywhere but the sign-up browser, it leads the owner to choose the password; the stranger’s never works', async () => {
    const email = 'owner1@example.test';
    expect((await signUp(t.app, { email, password: STRANGER_PASSWORD })).statusCode).toBe(201);
    const link = await linkFor(t.app, email, 'verify-email');

    // The owner clicks the link in their own mailbox, in their own browser.
    const opened = await open(link);
    expect(opened.statusCode).toBe(302);
    const target = new URL(opened.headers.location as string, t.config.publicUrl);
    expect(target.pathname).toBe('/reset-password');
    expect(target.searchParams.get('activate')).toBe('1');
    expect(await verified(email)).toBe(false);
    // Nothing was mailed for it: the link is handed to the reader who proved the address.
    expect((await mailbox(t.app)).filter((m) => m.to === email)).toHaveLength(1);
    expect((await signIn(t.app, email, STRANGER_PASSWORD)).json().error.code).toBe('EMAIL_NOT_VERIFIED');

    const chosen = await resetWith(target.searchParams.get('token')!, OWNER_PASSWORD);
    expect(chosen.statusCode).toBe(200);
    expect(await verified(email)).toBe(true);
    expect((await signIn(t.app, email, STRANGER_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(t.app, email, OWNER_PASSWORD)).statusCode).toBe(200);
    const events = await t.database.query<{ event_type: string; event_details: { details: string } }>(
      `select l.event_type, l.event_details from security_logs l join users u on u.id = l.user_id
       where u.email = $1 and l.event_type = 'email_verified'`,
      [email],
    );
    expect(events.map((e) => e.event_details.details)).toEqual([
      'e-mail address confirmed by choosing a password through a link sent to it',
    ]);
  });

  it('a stranger who signs in with their password gets a new link sent, which the owner’s browser cannot use to activate it either', async () => {
    const email = 'owner2@example.test';
    await signUp(t.app, { email, password: STRANGER_PASSWORD });
    await waitForMail(t.app, (m) => m.to === email);
    const retry = await signIn(t.app, email, STRANGER_PASSWORD);
    expect(retry.statusCode).toBe(403);
    const [newest] = await waitForMail(t.app, (m) => m.to === email, 2);
    const link = newest!.links.find((l) => l.includes('verify-email'))!;
    const opened = await open(link, 'vitrine.sign_up=not-a-proof; vitrine.session_token=x');
    expect(new URL(opened.headers.location as string, t.config.publicUrl).pathname).toBe('/reset-password');
    expect(await verified(email)).toBe(false);
  });

  it('the browser that signed up, or that signed in with the password, activates it from the link', async () => {
    const email = 'owner3@example.test';
    const signedUp = await signUp(t.app, { email, password: OWNER_PASSWORD });
    // On another device, the owner signs in before confirming: that browser knows the password too.
    const elsewhere = await signIn(t.app, email, OWNER_PASSWORD);
    expect(elsewhere.statusCode).toBe(403);
    const [fresh] = await waitForMail(t.app, (m) => m.to === email, 2);
    const link = fresh!.links.find((l) => l.includes('verify-email'))!;
    const res = await open(link, cookieFrom(elsewhere));
    expect(res.headers.location).toBe('/?verified=1');
    expect(await verified(email)).toBe(true);
    expect((await signIn(t.app, email, OWNER_PASSWORD)).statusCode).toBe(200);
    // The sign-up browser's proof is spent with the activation.
    expect(cookieFrom(signedUp)).toMatch(/^vitrine\.sign_up=/);
  });

  it('a proof from one account does not activate another', async () => {
    const mine = await signUp(t.app, { email: 'mine@example.test', password: OWNER_PASSWORD });
    await signUp(t.app, { email: 'theirs@example.test', password: STRANGER_PASSWORD });
    const link = await linkFor(t.app, 'theirs@example.test', 'verify-email');
    const res = await open(link, cookieFrom(mine));
    expect(new URL(res.headers.location as string, t.config.publicUrl).pathname).toBe('/reset-password');
    expect(await verified('theirs@example.test')).toBe(false);
  });
});

describe('a sign-up for an address whose account was never confirmed', () => {
  it('replaces that account: the new password and profile, activated from the new browser; the earlier password never works', async () => {
    const email = 'taken@example.test';
    await signUp(t.app, { email, password: STRANGER_PASSWORD, firstName: 'Intrus', lastName: 'Quelconque' });
    const mine = await signUp(
      t.app,
      { email, password: OWNER_PASSWORD, firstName: 'Léa', lastName: 'Martin' },
      'en',
    );
    expect(mine.statusCode).toBe(201);
    expect(await t.database.query(`select id from users where email = $1`, [email])).toHaveLength(1);
    const [latest] = await waitForMail(t.app, (m) => m.to === email, 2);
    expect(latest!.subject).toBe('Confirm your email address');
    const activated = await open(
      latest!.links.find((l) => l.includes('verify-email'))!,
      cookieFrom(mine),
    );
    expect(activated.headers.location).toBe('/?verified=1');
    expect((await signIn(t.app, email, STRANGER_PASSWORD)).statusCode).toBe(401);
    const signedIn = await signIn(t.app, email, OWNER_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: cookieFrom(signedIn) },
    });
    expect(me.json().profile).toMatchObject({ firstName: 'Léa', lastName: 'Martin' });
  });

  it('the stranger’s earlier link, opened by the owner, leads to choosing the password of the account that stands', async () => {
    const email = 'relinked@example.test';
    await signUp(t.app, { email, password: STRANGER_PASSWORD });
    const first = await linkFor(t.app, email, 'verify-email');
    await signUp(t.app, { email, password: 'Second123x' });
    const res = await open(first);
    const target = new URL(res.headers.location as string, t.config.publicUrl);
    expect(target.pathname).toBe('/reset-password');
    expect((await resetWith(target.searchParams.get('token')!, OWNER_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(t.app, email, OWNER_PASSWORD)).statusCode).toBe(200);
  });

  it('answers a sign-up for a confirmed address exactly as one for a new address, cookie included', async () => {
    const fresh = await signUp(t.app, { email: 'brand-new@example.test' });
    const existing = await signUp(t.app, { email: 'owner1@example.test' });
    expect(existing.statusCode).toBe(fresh.statusCode);
    expect(existing.json()).toEqual(fresh.json());
    const shape = (res: typeof fresh) => String(res.headers['set-cookie']).replace(/=[^;]+;/, '=…;');
    expect(shape(existing)).toBe(shape(fresh));
    expect((await signIn(t.app, 'owner1@example.test', OWNER_PASSWORD)).statusCode).toBe(200);
  });
});

describe('a password reset confirms the address it was sent to', () => {
  it('an unconfirmed account whose owner resets the password is active with that password', async () => {
    const email = 'forgot-first@example.test';
    await signUp(t.app, { email, password: STRANGER_PASSWORD });
    await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email } });
    const token = new URL(await linkFor(t.app, email, '/reset-password')).searchParams.get('token')!;
    expect((await resetWith(token, OWNER_PASSWORD)).statusCode).toBe(200);
    expect(await verified(email)).toBe(true);
    expect((await signIn(t.app, email, OWNER_PASSWORD)).statusCode).toBe(200);
  });
});

describe('the name a stranger typed, in a mail to an unconfirmed address', () => {
  const bodyOf = async (email: string) => {
    const [mail] = await waitForMail(t.app, (m) => m.to === email);
    const res = await t.app.inject({
      method: 'GET',
      url: `/dev/mailbox/${mail!.id}.eml`,
      headers: { host: new URL(t.config.publicUrl).host },
    });
    const parsed = await PostalMime.parse(res.rawPayload);
    return { mail: mail!, raw: `${parsed.text ?? ''}\n${parsed.html ?? ''}` };
  };

  it.each([
    ['a URL', 'Gagnez', 'https://evil.example/prix'],
    ['a bare domain', 'Visitez', 'evil.example'],
    ['an address', 'Écrivez', 'win@evil.example'],
    ['200 characters', 'A'.repeat(100), 'B'.repeat(100)],
    ['digits and signs', 'Appelez', '+33 6 12 34 56 78'],
  ])(
    'is left out when it holds %s: the greeting has no name, and no link but the confirmation',
    async (_, firstName, lastName) => {
      const email = `named-${firstName.length}-${lastName.length}@example.test`;
      await signUp(t.app, { email, firstName, lastName });
      const { mail, raw } = await bodyOf(email);
      expect(raw).toContain('Bonjour,');
      expect(raw).not.toContain(lastName);
      expect(mail.links).toHaveLength(1);
      expect(mail.links[0]).toContain('/api/auth/core/verify-email?token=');
    },
  );

  it('is kept when it is plainly a name, accents and hyphens included', async () => {
    await signUp(
      t.app,
      { email: 'plain-name@example.test', firstName: 'Zoé', lastName: 'Le Gall-Nguyễn' },
      'en',
    );
    const { raw } = await bodyOf('plain-name@example.test');
    expect(raw).toContain('Hello Zoé Le Gall-Nguyễn,');
  });
});
