/**
 * The status page in the browser (spec sections 2 and 4, decision 027): the five services really
 * checked, the footer dot and the banner when the status cannot be read, and a provider outage (its
 * card, and the generate button's "API unavailable" state).
 */
import { describe, expect, it } from 'vitest';
import { contextWithConsent } from './browser';
import { appAndBrowser } from './started';
import { signedInUser } from './session';

const run = appAndBrowser();

const consentedContext = (locale: 'fr-FR' | 'en-US' = 'en-US') =>
  contextWithConsent(run.browser, locale, run.app.url);

describe('status page', () => {
  it('the status page lists the five services, each checked, all operational', async () => {
    const context = await consentedContext('fr-FR');
    const page = await context.newPage();
    await page.goto('/status');
    await expect
      .poll(() => page.locator('main [role="status"]').textContent())
      .toContain('Tous les systèmes sont opérationnels');
    const services = page.locator('main li[data-service]');
    await expect.poll(() => services.count()).toBe(5);
    expect(await services.evaluateAll((items) => items.map((li) => li.getAttribute('data-state')))).toEqual(
      Array(5).fill('operational'),
    );
    const text = await page.locator('main ul').textContent();
    for (const name of [
      'Génération d’images IA',
      'Authentification des utilisateurs',
      'Envoi de fichiers',
      'Tableau de bord',
      'Services API',
    ])
      expect(text).toContain(name);
    expect(text).toContain('Dernière vérification\u00a0:');
    // The footer's link says the state to a screen reader, with French spacing.
    await page
      .getByRole('link', { name: 'État du service\u00a0: Tous les systèmes sont opérationnels', exact: true })
      .waitFor();
    await context.close();
  });

  it('the dot is red and the status page says so when the status cannot be read', async () => {
    const context = await consentedContext();
    const page = await context.newPage();
    await page.route('**/api/status', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":{"code":"SERVICE_UNAVAILABLE","message":"x"}}',
      }),
    );
    await page.goto('/status-en');
    await expect
      .poll(() => page.locator('main [role="status"]').textContent())
      .toContain('Some issues detected');
    await page.getByText('Vitrine could not be reached to check its services.').waitFor();
    await expect.poll(() => page.locator('footer [data-status]').getAttribute('data-status')).toBe('outage');
    await context.close();
  });

  it('a provider outage shows its card on the status page and the generate button’s “API unavailable” state', async () => {
    const now = new Date().toISOString();
    const outage = {
      checkedAt: now,
      overall: 'issues',
      services: ['images', 'auth', 'uploads', 'dashboard', 'api'].map((id) => ({
        id,
        status: id === 'images' ? 'degraded' : 'operational',
        lastChecked: now,
      })),
      provider: {
        id: 'api',
        name: 'Image API',
        status: 'outage',
        description: 'Elevated error rates on image generation',
        updatedAt: now,
        checkFailed: false,
      },
    };
    const context = await consentedContext('fr-FR');
    await context.route('**/api/status', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(outage) }),
    );
    const page = await context.newPage();
    await page.goto('/status');
    const card = page.getByRole('region', { name: 'Le service de génération d’images signale un incident' });
    await card.getByText('État\u00a0: Panne').waitFor();
    await card.getByText('Elevated error rates on image generation').waitFor();
    await card.getByText('Composant\u00a0: Image API').waitFor();
    expect(await page.locator('li[data-service="images"]').textContent()).toContain('Performance dégradée');
    await page.screenshot({ path: 'e2e/.artifacts/status-provider-outage.png', fullPage: true });

    await signedInUser(page, 'statut@example.test', { firstName: 'Lou', lastName: 'Martin' });
    await page.goto('/dashboard');
    await page.getByRole('alert').filter({ hasText: 'API indisponible' }).waitFor();
    await context.close();
  });
});
