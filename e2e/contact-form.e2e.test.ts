/** The contact form in the browser: sent, checked in the page's language, refused (spec sections 2, 5 and 8). */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { translate } from '@vitrine/shared/i18n/catalog';
import { contextWithConsent } from './browser';
import { appAndBrowser } from './started';

const run = appAndBrowser();

/** A context whose visitor already chose about cookies, so the banner stays out of the way. */
function consentedContext(locale: 'fr-FR' | 'en-US' = 'en-US'): Promise<BrowserContext> {
  return contextWithConsent(run.browser, locale, run.app.url, { viewport: { width: 1280, height: 900 } });
}

/** Opens the contact page and waits until its code has taken the prerendered form over. */
async function openContact(page: Page, path: '/contact' | '/contact-en') {
  await page.goto(path);
  await expect.poll(() => page.locator('form button[type="submit"]').isEnabled()).toBe(true);
}

describe('contact form', () => {
  it('the prerendered form cannot be sent before the page’s code runs (no GET with the message in the URL)', async () => {
    const html = await (await fetch(`${run.app.url}/contact-en`)).text();
    const submit = html.match(/<button[^>]*type="submit"[^>]*>/)?.[0];
    expect(submit).toContain('disabled=""');
    expect(html).toContain('Send the message');
  });

  it('a complete message is sent: success message, form cleared, and it reaches the outbox', async () => {
    const context = await consentedContext();
    const page = await context.newPage();
    await openContact(page, '/contact-en');
    await page.getByLabel('Name').fill('Camille Durand');
    await page.getByLabel('E-mail').fill('camille@example.test');
    await page.getByLabel('Subject').fill('Formats');
    await page.getByLabel('Message').fill('Can I make a 3:1 banner?');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/contact')),
      page.getByRole('button', { name: 'Send the message' }).click(),
    ]);
    expect(response.status(), await response.text()).toBe(200);
    await expect
      .poll(() => page.locator('form [role="status"], form [role="alert"]').allTextContents())
      .toEqual(['Your message has been sent successfully!']);
    expect(await page.getByLabel('Name').inputValue()).toBe('');
    const mailbox = (await (await fetch(`${run.app.url}/api/dev/mailbox`)).json()) as {
      messages: { to: string; subject: string }[];
    };
    expect(
      mailbox.messages.some((m) => m.to === 'contact@vitrine.localhost' && m.subject.includes('Formats')),
    ).toBe(true);
    await context.close();
  });

  it('the page checks the fields itself, in its language, and sends nothing until they are right', async () => {
    const context = await consentedContext('fr-FR');
    const page = await context.newPage();
    let sent = 0;
    page.on('request', (request) => request.url().endsWith('/api/contact') && sent++);
    await openContact(page, '/contact');
    const send = page.getByRole('button', { name: 'Envoyer le message' });
    await send.click();
    // Every field says what it needs, in French (not the browser's own bubbles, in its language).
    await expect.poll(() => page.getByText('Ce champ est obligatoire.').count()).toBe(4);
    // The keyboard is taken to the first field to correct.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    await page.getByLabel('Nom').fill('Camille');
    await page.getByLabel('Sujet').fill('Question');
    await page.getByLabel('E-mail').fill('camille @example.com');
    // A message over the limit is kept whole, counted in red, and refused with the field's error.
    const long = 'x'.repeat(5001);
    await page.getByLabel('Message').fill(long);
    await page.getByText('5001/5000 caractères').waitFor();
    await send.click();
    await page.getByText('Format d’email invalide').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    await page.getByText('Ce champ ne peut pas dépasser 5000 caractères.').waitFor();
    expect(await page.getByLabel('Message').inputValue()).toHaveLength(5001);
    expect(sent).toBe(0);
    await context.close();
  });

  it('a refusal is shown: an address the server refuses, and the rate limit’s message', async () => {
    const context = await consentedContext('fr-FR');
    const page = await context.newPage();
    await openContact(page, '/contact');
    await page.getByLabel('Nom').fill('Camille');
    // The browser accepts "camille@example"; the spec's rule wants a dot in the domain.
    await page.getByLabel('E-mail').fill('camille@example');
    await page.getByLabel('Sujet').fill('Question');
    await page.getByLabel('Message').fill('Bonjour');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect.poll(() => page.getByText('Format d’email invalide').count()).toBe(1);

    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'RATE_LIMITED', message: 'Vous avez envoyé plusieurs messages en peu de temps.' },
        }),
      }),
    );
    await page.getByLabel('E-mail').fill('camille@example.test');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Vous avez envoyé plusieurs messages en peu de temps.');
    // A 429 without the server's message (from a proxy in front): the page's own wording, in French.
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 429, contentType: 'text/html', body: '<h1>429 Too Many Requests</h1>' }),
    );
    await page.getByLabel('E-mail').fill('camille@example.test');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe(translate('fr', 'contact.rateLimited'));
    await page.route('**/api/contact', (route) => route.abort());
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Une erreur est survenue lors de l’envoi de votre message. Veuillez réessayer.');
    await context.close();
  });
});
