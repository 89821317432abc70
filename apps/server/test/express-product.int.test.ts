/**
 * "What is it?" on Express, through HTTP on a real database with the real worker and engine: a product's
 * name over 60 characters is refused with a translated 400 and nothing stored; a valid one travels in
 * the payload (nomProduit), becomes the visual's headline in the user's language, comes back in the
 * result's settings, and "generate again" with those settings makes the same request.
 */
import { describe, expect, it } from 'vitest';
import { PRODUCT_NAME_MAX_LENGTH } from '@vitrine/shared/api/generation';
import type { GenerationResult } from '@vitrine/shared/api/generations';
import { signedInUser } from './helpers/factories';
import { startExpress, started, waitForEnd } from './helpers/generations';
import { useRenderingKit } from './helpers/rendering';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();
const kit = useRenderingKit(t);

type StoredResult = { webhook_data: { nomProduit?: string; copy?: Record<string, unknown> } };

async function storedResult(id: string) {
  const [row] = await t.database.query<StoredResult>(
    `select webhook_data from user_image_generations where id = $1`,
    [id],
  );
  return row!.webhook_data;
}

describe('Express "What is it?" (productName) over HTTP', () => {
  it('refuses a name longer than 60 characters with a 400 in the client’s language, and stores nothing', async () => {
    const u = await signedInUser(t.app, 'express-long-name@example.test');
    const body = { style: 'naturel', format: 'square', productName: 'x'.repeat(PRODUCT_NAME_MAX_LENGTH + 1) };
    const english = await startExpress(t.app, u.cookie, body, 'en');
    expect(english.statusCode).toBe(400);
    expect(english.json().error.fields.productName).toBe(
      `This field cannot be longer than ${PRODUCT_NAME_MAX_LENGTH} characters.`,
    );
    const french = await startExpress(t.app, u.cookie, body, 'fr');
    expect(french.statusCode).toBe(400);
    expect(french.json().error.fields.productName).toMatch(
      new RegExp(`${PRODUCT_NAME_MAX_LENGTH} caractères`),
    );
    expect(await kit().rows(u.userId)).toEqual([]);
    expect((await kit().usage(u.cookie)).used).toBe(0);
  });

  it('sets the name as the headline, keeps it in the payload and the settings, and "generate again" repeats it', async () => {
    const u = await signedInUser(t.app, 'express-product@example.test');
    const request = {
      style: 'elegante',
      format: 'story',
      description: 'Bougies artisanales coulées à la main à Lyon',
      productName: ' Bougie lavande & figue ',
      language: 'fr',
      variants: 1,
    };
    const res = await startExpress(t.app, u.cookie, request);
    expect(res.statusCode).toBe(202);
    const { id } = started(res.body).generation;
    const [pending] = await t.database.query<{ webhook_data: Record<string, unknown> }>(
      `select webhook_data from background_generations where id = $1`,
      [id],
    );
    expect(pending!.webhook_data).toMatchObject({ nomProduit: 'Bougie lavande & figue' });

    const done = await waitForEnd(t.app, u.cookie, id);
    expect(done.generation.status).toBe('completed');
    const result = done.result!;
    expect(result.settings).toEqual({
      mode: 'express',
      style: 'elegante',
      format: 'story',
      description: 'Bougies artisanales coulées à la main à Lyon',
      productName: 'Bougie lavande & figue',
      everyFormat: false,
      brand: true,
    });
    expect((await storedResult(result.id)).copy).toEqual({
      source: 'local',
      headline: 'Bougie lavande & figue',
      supporting: 'Bougies artisanales coulées à la main à Lyon',
      language: 'fr',
    });

    // "Generate again with these settings": the form sends back what the result says it was made with.
    const { mode: _mode, ...again } = result.settings as Extract<
      GenerationResult['settings'],
      { mode: 'express' }
    >;
    const second = await startExpress(t.app, u.cookie, { ...again, language: 'fr', variants: 1 });
    const redone = await waitForEnd(t.app, u.cookie, started(second.body).generation.id);
    expect(redone.result!.settings).toEqual(result.settings);
    expect((await storedResult(redone.result!.id)).copy).toMatchObject({
      headline: 'Bougie lavande & figue',
    });
  }, 60_000);

  it('without a description, invites to discover the product in the request’s language', async () => {
    const u = await signedInUser(t.app, 'express-product-en@example.test');
    const res = await startExpress(
      t.app,
      u.cookie,
      { style: 'moderne', format: 'square', productName: 'Urban e-bike', language: 'en', variants: 1 },
      'en',
    );
    const done = await waitForEnd(t.app, u.cookie, started(res.body).generation.id);
    expect((await storedResult(done.result!.id)).copy).toEqual({
      source: 'local',
      headline: 'Discover our urban e-bike',
      supporting: null,
      language: 'en',
    });
    expect(done.result!.settings).toMatchObject({ description: '', productName: 'Urban e-bike' });
  }, 60_000);
});
