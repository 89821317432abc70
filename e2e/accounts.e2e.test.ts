import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext } from './browser';
import { startApp, type AppUnderTest } from './app-server';

let app: AppUnderTest;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([
    startApp({ SESSION_IDLE_TIMEOUT_SECONDS: '8', SESSION_CHECK_INTERVAL_SECONDS: '2' }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const PASSWORD = 'Vitrine2026';

type Session = { user: { language: string | null } };

/** Opens the newest message to `to` in the dev mailbox and follows its link containing `pathPart`. */
async function followMailLink(page: Page, to: string, pathPart: string) {
  // Account e-mails are sent after the answer: wait until the message is in the outbox.
  await expect
    .poll(async () => {
      const { messages } = (await (await page.request.get('/api/dev/mailbox')).json()) as {
        messages: { to: string; links: string[] }[];
      };
      return messages.some((m) => m.to === to && m.links.some((l) => l.includes(pathPart)));
    })
    .toBe(true);
  await page.goto('/dev/mailbox');
  await page.locator('tr', { hasText: to }).first().getByRole('link').click();
  const link = page.locator(`a[href*="${pathPart}"]`).first();
  const href = await link.getAttribute('href');
  expect(href).toBeTruthy();
  await page.goto(href!);
}

/**
 * Records the texts of the notices shown together, at every change of the page from now on (a notice
 * that leaves by itself could not be told apart from one replaced, afterwards).
 */
async function watchNotices(page: Page) {
  await page.evaluate(() => {
    const seen: string[][] = [];
    (window as unknown as { noticesSeen: string[][] }).noticesSeen = seen;
    new MutationObserver(() => {
      const notices = document.querySelectorAll('[aria-live="polite"] > [role]');
      seen.push(Array.from(notices, (notice) => notice.textContent ?? ''));
    }).observe(document.body, { childList: true, subtree: true });
  });
}

async function expectToast(page: Page, text: string) {
  await expect.poll(() => page.getByText(text, { exact: true }).count()).toBeGreaterThan(0);
}

const copy = {
  fr: {
    toSignUp: 'Pas encore de compte\u00a0? Créez-en un',
    firstName: 'Prénom *',
    lastName: 'Nom *',
    password: 'Mot de passe',
    create: 'Créer mon compte',
    created: 'Compte créé\u00a0! Veuillez vérifier votre email pour confirmer votre compte.',
    checkMailbox: (to: string) =>
      `Nous avons envoyé un lien de confirmation à ${to}. Ouvrez-le, puis connectez-vous ici.`,
    verified: 'Adresse e-mail confirmée\u00a0!',
    signIn: 'Se connecter',
    signedIn: 'Connexion réussie\u00a0!',
    required: 'Email et mot de passe requis',
    wrong: 'Email ou mot de passe incorrect.',
    switchLanguage: 'Passer en anglais',
    tooShort: 'Le mot de passe doit contenir au moins 8 caractères',
    accountNav: 'Gestion du compte',
    edit: 'Modifier',
    company: 'Entreprise',
    save: 'Enregistrer',
    saved: 'Profil mis à jour avec succès',
    signOut: 'Se déconnecter',
    linkUsed: 'Ce lien est invalide ou a expiré. Demandez-en un nouveau.',
    close: 'Fermer',
    forgot: 'Mot de passe oublié\u00a0?',
    sendLink: 'Envoyer le lien',
    sent: 'E-mail envoyé',
    newPassword: 'Nouveau mot de passe',
    confirmPassword: 'Confirmez le mot de passe',
    savePassword: 'Enregistrer le mot de passe',
    passwordChanged: 'Mot de passe modifié',
  },
  en: {
    toSignUp: 'No account yet? Create one',
    firstName: 'First name *',
    lastName: 'Last name *',
    password: 'Password',
    create: 'Create my account',
    created: 'Account created! Please check your email to confirm your account.',
    checkMailbox: (to: string) => `We sent a confirmation link to ${to}. Open it, then sign in here.`,
    verified: 'Email address confirmed!',
    signIn: 'Sign in',
    signedIn: 'Signed in successfully!',
    required: 'Email and password required',
    wrong: 'Incorrect email or password.',
    switchLanguage: 'Switch to French',
    tooShort: 'Password must contain at least 8 characters',
    accountNav: 'Account management',
    edit: 'Edit',
    company: 'Company',
    save: 'Save',
    saved: 'Profile updated successfully',
    signOut: 'Sign out',
    linkUsed: 'This link is invalid or has expired. Request a new one.',
    close: 'Close',
    forgot: 'Forgot password?',
    sendLink: 'Send the link',
    sent: 'Email sent',
    newPassword: 'New password',
    confirmPassword: 'Confirm the password',
    savePassword: 'Save the password',
    passwordChanged: 'Password changed',
  },
};

describe.each([
  ['fr', 'fr-FR'],
  ['en', 'en-US'],
] as const)('accounts in the browser (%s)', (lang, locale) => {
  const c = copy[lang];
  const email = `camille.${lang}@example.test`;

  it('sign up, confirm from the outbox, sign in, edit the profile, sign out, reset the password', async () => {
    const context = await newContext(browser, locale, app.url);
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByRole('button', { name: c.signIn, exact: true }).click();
    await expectToast(page, c.required);
    // Asked again, the notice is replaced, not stacked.
    await page.getByRole('button', { name: c.signIn, exact: true }).click();
    await page.waitForTimeout(300);
    expect(await page.getByText(c.required, { exact: true }).count()).toBe(1);

    await page.getByRole('button', { name: c.toSignUp }).click();
    await page.getByLabel(c.firstName, { exact: true }).fill('Camille');
    await page.getByLabel(c.lastName, { exact: true }).fill('Durand');
    await page.getByLabel('Email').fill(`  ${email.toUpperCase()} `);
    await page.getByLabel(c.password, { exact: true }).fill('short');
    await page.getByRole('button', { name: c.create }).click();
    await expect.poll(() => page.getByText(c.tooShort).count()).toBeGreaterThan(0);
    await page.getByLabel(c.password, { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: c.create }).click();
    await expectToast(page, c.created);
    // The sign-in form says where the link went, with that address filled in, until the user moves on.
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: c.checkMailbox(email) })
          .count(),
      )
      .toBe(1);
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await page.screenshot({ path: `e2e/.artifacts/signed-up-${lang}.png` });

    await followMailLink(page, email, 'verify-email');
    await page.waitForURL(/\/\?verified=1$/);
    await expect.poll(() => page.getByText(c.verified).count()).toBe(1);
    // The notice's close button is a named button, and closing it leaves a clean address.
    await page.getByRole('button', { name: c.close, exact: true }).click();
    await expect.poll(() => page.getByText(c.verified).count()).toBe(0);
    expect(page.url()).toBe(`${app.url}/`);

    await page.goto('/auth');
    await page.getByLabel('Email').fill(email);
    // A wrong password first: its notice is replaced by the success, never shown beside it.
    await page.getByLabel(c.password, { exact: true }).fill('Mauvais1mdp');
    await page.getByRole('button', { name: c.signIn, exact: true }).click();
    await page.getByRole('alert').filter({ hasText: c.wrong }).waitFor();
    await watchNotices(page);
    await page.getByLabel(c.password, { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: c.signIn, exact: true }).click();
    await expectToast(page, c.signedIn);
    await page.waitForURL(`${app.url}/`);
    const seen = await page.evaluate(() => (window as unknown as { noticesSeen: string[][] }).noticesSeen);
    const shows = (texts: string[], text: string) => texts.some((notice) => notice.includes(text));
    expect(seen.some((texts) => shows(texts, c.signedIn))).toBe(true);
    expect(seen.filter((texts) => shows(texts, c.signedIn) && shows(texts, c.wrong))).toEqual([]);

    // A signed-in user who opens /auth goes to the home page.
    await page.goto('/auth');
    await page.waitForURL(`${app.url}/`);

    // The dashboard opens in the language the account was made in, and remembers it there.
    await page.goto('/dashboard');
    await expect.poll(() => page.locator('header').getByText(email).count()).toBeGreaterThan(0);
    await page.getByRole('link', { name: c.accountNav }).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('dashboardLanguage'))).toBe(lang);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    // A choice made in the dashboard is the account's too: a browser that remembers none opens in it.
    const other = lang === 'fr' ? 'en' : 'fr';
    await page.getByRole('button', { name: c.switchLanguage }).click();
    await expect
      .poll(
        async () => ((await (await page.request.get('/api/auth/session')).json()) as Session).user.language,
      )
      .toBe(other);
    await page.evaluate(() => localStorage.removeItem('dashboardLanguage'));
    await page.reload();
    await page.getByRole('link', { name: copy[other].accountNav }).first().waitFor();
    await page.getByRole('button', { name: copy[other].switchLanguage }).click();
    await expect
      .poll(
        async () => ((await (await page.request.get('/api/auth/session')).json()) as Session).user.language,
      )
      .toBe(lang);
    await page.getByRole('link', { name: c.accountNav }).first().click();
    await page.waitForURL(`${app.url}/dashboard/account`);
    await page.getByRole('button', { name: c.edit }).click();
    await page.getByLabel(c.company, { exact: true }).fill('Boulangerie Durand');
    await page.getByRole('button', { name: c.save, exact: true }).click();
    await expectToast(page, c.saved);
    await page.reload();
    await expect.poll(() => page.getByText('Boulangerie Durand').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('link', { name: c.accountNav }).count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: c.signOut, exact: true }).click();
    await page.waitForURL(`${app.url}/`);

    // Forgotten password: the e-mail, /reset-password, then sign in with the new password.
    await page.goto('/auth');
    await page.getByRole('button', { name: c.forgot }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: c.sendLink }).click();
    await expectToast(page, c.sent);
    await followMailLink(page, email, '/reset-password');
    await page.waitForURL(/\/reset-password\?token=/);
    const resetLink = page.url();
    await expect.poll(() => page.title()).toBe(`${c.newPassword} · Vitrine`);
    await page.getByLabel(c.newPassword, { exact: true }).fill('NouveauMdp9');
    await page.getByLabel(c.confirmPassword, { exact: true }).fill('NouveauMdp9');
    await page.getByRole('button', { name: c.savePassword }).click();
    await expectToast(page, c.passwordChanged);
    await page.waitForURL(`${app.url}/auth`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(c.password, { exact: true }).fill('NouveauMdp9');
    await page.getByRole('button', { name: c.signIn, exact: true }).click();
    await expectToast(page, c.signedIn);

    // The link, used, says so as soon as it is opened again: no form to fill in first.
    await page.goto(resetLink);
    await page.getByRole('alert').filter({ hasText: c.linkUsed }).waitFor();
    expect(await page.getByLabel(c.newPassword, { exact: true }).count()).toBe(0);
    await context.close();
  });
});

describe('session rules in the browser', () => {
  /** A new browser signed in on /auth as the account of the flow above (its password was reset there). */
  async function signedInBrowser(lang: 'fr' | 'en') {
    const c = copy[lang];
    const context = await newContext(browser, lang === 'fr' ? 'fr-FR' : 'en-US', app.url);
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByLabel('Email').fill(`camille.${lang}@example.test`);
    await page.getByLabel(c.password, { exact: true }).fill('NouveauMdp9');
    await page.getByRole('button', { name: c.signIn, exact: true }).click();
    await page.waitForURL(`${app.url}/`);
    return { context, page };
  }

  it('wrong passwords: one notice at a time, and from the second, the way to a new password', async () => {
    const context = await newContext(browser, 'fr-FR', app.url);
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByLabel('Email').fill('camille.fr@example.test');
    const hint = page.getByText('Après plusieurs essais, le plus simple est d’en choisir un nouveau', {
      exact: false,
    });
    const refused = page.getByText('Email ou mot de passe incorrect.', { exact: true });
    for (const attempt of [1, 2, 3]) {
      await page.getByLabel(copy.fr.password, { exact: true }).fill(`Faux${attempt}mdp`);
      await page.getByRole('button', { name: copy.fr.signIn, exact: true }).click();
      if (attempt === 1) {
        await refused.first().waitFor();
        expect(await hint.count()).toBe(0);
      } else {
        await hint.waitFor({ timeout: 15_000 });
      }
      // The same refusal replaces the last one's notice instead of stacking.
      await expect
        .poll(() => page.getByRole('button', { name: copy.fr.signIn, exact: true }).isEnabled())
        .toBe(true);
      expect(await refused.count()).toBe(1);
    }
    await page.getByRole('button', { name: 'Choisir un nouveau mot de passe' }).click();
    await page.getByRole('button', { name: 'Envoyer le lien' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe('camille.fr@example.test');
    await context.close();
  }, 60_000);

  it('an error page that is not the server’s (a proxy’s 502) is reported in the page’s language', async () => {
    const context = await newContext(browser, 'fr-FR', app.url);
    const page = await context.newPage();
    await page.route('**/api/auth/sign-in', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>502 Bad Gateway</h1>' }),
    );
    await page.goto('/auth');
    await page.getByLabel('Email').fill('camille.fr@example.test');
    await page.getByLabel(copy.fr.password, { exact: true }).fill('NouveauMdp9');
    await page.getByRole('button', { name: copy.fr.signIn, exact: true }).click();
    await expectToast(page, 'Service momentanément indisponible. Veuillez réessayer.');
    expect(await page.getByText('Bad Gateway').count()).toBe(0);
    await context.close();
  });

  it('a visitor who opens the dashboard is sent to /auth', async () => {
    const context = await newContext(browser, 'fr-FR', app.url);
    const page = await context.newPage();
    await page.goto('/dashboard');
    await page.waitForURL(`${app.url}/auth`);
    await context.close();
  });

  it('“Sign out of all devices” on the account page ends the sessions of every browser', async () => {
    const laptop = await signedInBrowser('fr');
    const phone = await signedInBrowser('fr');
    await laptop.page.goto('/dashboard/account');
    await laptop.page.getByRole('button', { name: 'Se déconnecter de tous les appareils' }).click();
    await laptop.page.waitForURL(`${app.url}/auth`);
    await expectToast(laptop.page, 'Déconnecté de tous les appareils');
    expect((await phone.page.request.get('/api/auth/session')).status()).toBe(401);
    // This browser's cookie was cleared too: it is a visitor again.
    expect(await (await laptop.page.request.get('/api/auth/session')).json()).toBeNull();
    await Promise.all([laptop.context.close(), phone.context.close()]);
  });

  it('signing out in one tab sends the dashboard open in another tab to /auth', async () => {
    const { context, page: home } = await signedInBrowser('fr');
    const dashboard = await context.newPage();
    await dashboard.goto('/dashboard/account');
    await dashboard.getByRole('heading', { level: 1 }).waitFor();
    await home.getByRole('button', { name: 'Se déconnecter' }).click();
    await dashboard.waitForURL(`${app.url}/auth`, { timeout: 5000 });
    await context.close();
  });

  // The two idle-timeout tests wait in real time, each in its own browser: they wait side by side.
  it.concurrent(
    'a user active in the page without sending requests (reading, filling a form) stays signed in past the idle timeout, even with an idle tab open',
    async ({ expect }) => {
      const { context, page } = await signedInBrowser('en');
      await page.goto('/dashboard/account');
      await page.getByRole('heading', { level: 1 }).waitFor();
      // A second tab left alone: the activity in the first counts for it too.
      const idleTab = await context.newPage();
      await idleTab.goto('/dashboard/stats');
      await idleTab.getByRole('heading', { level: 1 }).waitFor();
      for (let second = 0; second < 12; second++) {
        await page.mouse.move(100 + second * 10, 200);
        await page.waitForTimeout(1000);
      }
      expect(page.url()).toBe(`${app.url}/dashboard/account`);
      expect(idleTab.url()).toBe(`${app.url}/dashboard/stats`);
      const res = await page.request.get('/api/auth/session');
      expect(res.status()).toBe(200);
      expect((await res.json())?.user?.email).toBeTruthy();
      await context.close();
    },
  );

  it.concurrent(
    'after the idle timeout (8 s here, 30 min in production) the user is signed out and sent to /auth',
    async ({ expect }) => {
      const { context, page } = await signedInBrowser('en');
      await page.goto('/dashboard/account');
      await page.waitForTimeout(10_000);
      await page.waitForURL(`${app.url}/auth`, { timeout: 5000 });
      const res = await page.request.get('/api/auth/session');
      expect(res.status() === 401 || (await res.json()) === null).toBe(true);
      await context.close();
    },
  );
});
