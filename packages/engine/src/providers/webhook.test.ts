import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPRESS_FORMATS, expressRequest } from '@vitrine/shared/api/generation';
import { json, startFakeServer, type FakeServer } from '../test-utils/fake-image-api';
import { baseRequest } from '../test-utils/render-fixtures';
import {
  buildWorkflowPayload,
  imageUrlsFrom,
  MAX_CALLBACK_IMAGES,
  parseWorkflowCallback,
  sendWorkflow,
  signWorkflowBody,
  verifyCallbackSignature,
} from './webhook';

const SECRET = 'whsec_0123456789abcdef0123456789abcdef';
const ids = { backgroundGenerationId: '5b0e6a3e-2f7c-4c4e-9d53-0f1f6a1f2b3c', userId: 'user-42' };

let hook: FakeServer;
beforeAll(async () => {
  hook = await startFakeServer();
});
afterAll(() => hook.close());

describe('the workflow payload (spec section 3 and 7)', () => {
  it('Fusion: French field names, the fixed values, the format as "name WxH", ids', () => {
    const request = baseRequest({
      position: 'gauche',
      style: 'vintage',
      palette: 'pastel',
      typography: 'élégant',
      format: 'story',
      slogan: 'Le goût du vrai',
      tagline: 'Depuis 1952',
    });
    const payload = buildWorkflowPayload({
      mode: 'fusion',
      request,
      productUrl: 'https://cdn.example.com/u/1/produit.png',
      contextUrl: 'https://cdn.example.com/u/1/contexte.jpg',
      ...ids,
    });
    expect(payload).toStrictEqual({
      imageProduit: 'https://cdn.example.com/u/1/produit.png',
      imageContexte: 'https://cdn.example.com/u/1/contexte.jpg',
      positionProduit: 'gauche',
      styleRendu: 'vintage',
      paletteCouleur: 'pastel',
      sloganPrincipal: 'Le goût du vrai',
      taglineSecondaire: 'Depuis 1952',
      styleTypo: 'élégant',
      formatImage: 'story 1080x1920',
      tailleProduit: 'normal',
      orientationProduit: 'normale',
      niveauIntegration: 'immersif',
      flouContexte: 'net',
      ageAudience: 'adultes',
      genreAudience: 'non spécifique',
      niveauSophistication: 'grand public',
      usageImage: 'affiche',
      backgroundGenerationId: ids.backgroundGenerationId,
      user_id: 'user-42',
    });
  });

  it('Fusion: "What is it?" and the way the product was photographed travel only when the user gave them (nomProduit, vueProduit)', () => {
    const given = buildWorkflowPayload({
      mode: 'fusion',
      request: baseRequest({ productName: 'Savon d’Alep', productView: 'du dessus' }),
      productUrl: 'https://a.example/p.png',
      contextUrl: 'https://a.example/c.png',
      ...ids,
    });
    expect(given).toMatchObject({ nomProduit: 'Savon d’Alep', vueProduit: 'du dessus' });
    const front = buildWorkflowPayload({
      mode: 'fusion',
      request: baseRequest({ productView: 'de face' }),
      productUrl: 'https://a.example/p.png',
      contextUrl: 'https://a.example/c.png',
      ...ids,
    });
    expect(front).toMatchObject({ vueProduit: 'de face' });
    const plain = buildWorkflowPayload({
      mode: 'fusion',
      request: baseRequest({ productView: 'automatique' }),
      productUrl: 'https://a.example/p.png',
      contextUrl: 'https://a.example/c.png',
      ...ids,
    });
    expect('nomProduit' in plain || 'vueProduit' in plain).toBe(false);
  });

  it('Fusion: the light and the reflection travel only when chosen (lumiere, reflet)', () => {
    const at = { productUrl: 'https://a.example/p.png', contextUrl: 'https://a.example/c.png', ...ids };
    const chosen = buildWorkflowPayload({
      mode: 'fusion',
      request: baseRequest({ light: { angle: 135, softness: 0.6, strength: 0.5 }, reflection: 'non' }),
      ...at,
    });
    expect(chosen).toMatchObject({ lumiere: { angle: 135, douceur: 0.6, intensite: 0.5 }, reflet: 'non' });
    const automatic = buildWorkflowPayload({
      mode: 'fusion',
      request: baseRequest({ reflection: 'automatique' }),
      ...at,
    });
    expect('lumiere' in automatic || 'reflet' in automatic).toBe(false);
  });

  it('Fusion: every format carries its size; no slogan or tagline sends empty strings', () => {
    const expected = {
      carré: 'carré 1080x1080',
      story: 'story 1080x1920',
      bannière: 'bannière 1920x1080',
      portrait: 'portrait 1080x1440',
      paysage: 'paysage 1440x1080',
      publication: 'publication 1080x1350',
      pinterest: 'pinterest 1000x1500',
      marketplace: 'marketplace 2000x2000',
    } as const;
    for (const [format, formatImage] of Object.entries(expected)) {
      const payload = buildWorkflowPayload({
        mode: 'fusion',
        request: baseRequest({ format: format as keyof typeof expected }),
        productUrl: 'https://a.example/p.png',
        contextUrl: 'https://a.example/c.png',
        ...ids,
      });
      expect(payload).toMatchObject({ formatImage, sloganPrincipal: '', taglineSecondaire: '' });
    }
  });

  it('Express: style, format from the spec size map, trimmed description, user_id, generation type, id', () => {
    const payload = buildWorkflowPayload({
      mode: 'express',
      request: expressRequest.parse({
        style: 'naturel',
        format: 'banner',
        description: '  Boulangerie artisanale  ',
      }),
      ...ids,
    });
    expect(payload).toStrictEqual({
      style: 'naturel',
      format: 'banner 1920x640',
      description: 'Boulangerie artisanale',
      user_id: 'user-42',
      generation_type: 'vitrine_express',
      backgroundGenerationId: ids.backgroundGenerationId,
    });
    const sizes = ['1080x1080', '1080x1920', '1920x1080', '1920x640', '1080x1350', '1000x1500'];
    EXPRESS_FORMATS.forEach((format, i) => {
      const sent = buildWorkflowPayload({
        mode: 'express',
        request: expressRequest.parse({ style: 'moderne', format }),
        ...ids,
      });
      expect(sent.format).toBe(`${format} ${sizes[i]}`);
      // The description is optional: absent, not an empty string.
      expect('description' in sent).toBe(false);
    });
  });
});

describe('sending the payload to the workflow', () => {
  const payload = () =>
    buildWorkflowPayload({
      mode: 'express',
      request: expressRequest.parse({ style: 'techno', format: 'story', description: 'Réparation de vélos' }),
      ...ids,
    });

  it('POSTs the JSON with an HMAC-SHA256 signature header the receiver can check', async () => {
    hook.answer(() => json(202, { accepted: true }));
    const now = Date.UTC(2025, 0, 15, 9, 30);
    const result = await sendWorkflow(`${hook.origin}/webhook/vitrine`, SECRET, payload(), 5_000, { now });
    expect(result).toMatchObject({ ok: true, status: 202 });
    const [received] = hook.requests;
    expect(received).toMatchObject({ method: 'POST', path: '/webhook/vitrine' });
    expect(received!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(received!.body)).toEqual(payload());
    // Checked here with node:crypto alone, as a receiver written in any language would.
    const header = received!.headers['x-vitrine-signature'] as string;
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header) ?? [];
    expect(Number(t)).toBe(now / 1000);
    expect(v1).toBe(createHmac('sha256', SECRET).update(`${t}.${received!.body}`).digest('hex'));
    expect(verifyCallbackSignature(received!.body, header, SECRET, { now })).toEqual({
      ok: true,
      timestamp: now / 1000,
    });
  });

  it('reports an error answer, a time-out and a refused connection as typed results', async () => {
    hook.answer(() => json(503, { error: 'busy' }));
    expect(await sendWorkflow(hook.origin, SECRET, payload(), 5_000)).toEqual({
      ok: false,
      fallback: { reason: 'http_503', status: 503 },
    });
    hook.answer(() => ({ ...json(200, {}), delayMs: 2_000 }));
    expect(await sendWorkflow(hook.origin, SECRET, payload(), 150)).toEqual({
      ok: false,
      fallback: { reason: 'timeout' },
    });
    const closed = await startFakeServer();
    await closed.close();
    expect(await sendWorkflow(closed.origin, SECRET, payload(), 5_000)).toEqual({
      ok: false,
      fallback: { reason: 'network', code: 'ECONNREFUSED' },
    });
  });
});

describe('verifying a callback signature', () => {
  const body = JSON.stringify({ backgroundGenerationId: ids.backgroundGenerationId, status: 'completed' });
  const now = 1_736_934_000_000;
  const t = now / 1000;

  it('accepts the right body, secret and a fresh timestamp; also a rotated secret among several v1', () => {
    expect(verifyCallbackSignature(body, signWorkflowBody(body, SECRET, t), SECRET, { now })).toEqual({
      ok: true,
      timestamp: t,
    });
    expect(
      verifyCallbackSignature(Buffer.from(body), signWorkflowBody(body, SECRET, t - 299), SECRET, { now }),
    ).toMatchObject({
      ok: true,
    });
    const old = signWorkflowBody(body, 'an-older-secret-of-at-least-32-characters', t).split(',')[1];
    expect(
      verifyCallbackSignature(body, `${signWorkflowBody(body, SECRET, t)},${old}`, SECRET, { now }),
    ).toMatchObject({ ok: true });
    expect(
      verifyCallbackSignature(
        body,
        `t=${t},${old},v1=${signWorkflowBody(body, SECRET, t).split('v1=')[1]}`,
        SECRET,
        { now },
      ),
    ).toMatchObject({ ok: true });
  });

  it('refuses a tampered body and a wrong secret', () => {
    const header = signWorkflowBody(body, SECRET, t);
    expect(verifyCallbackSignature(body.replace('completed', 'failed'), header, SECRET, { now })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(verifyCallbackSignature(body, header, `${SECRET}x`, { now })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
  });

  it('refuses a timestamp older or further ahead than the tolerance (300 s by default)', () => {
    expect(verifyCallbackSignature(body, signWorkflowBody(body, SECRET, t - 301), SECRET, { now })).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect(verifyCallbackSignature(body, signWorkflowBody(body, SECRET, t + 301), SECRET, { now })).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect(
      verifyCallbackSignature(body, signWorkflowBody(body, SECRET, t - 100), SECRET, {
        now,
        toleranceSeconds: 60,
      }),
    ).toEqual({ ok: false, reason: 'stale' });
  });

  it('refuses a missing or malformed header', () => {
    const v1 = signWorkflowBody(body, SECRET, t).split('v1=')[1]!;
    expect(verifyCallbackSignature(body, undefined, SECRET, { now })).toEqual({
      ok: false,
      reason: 'missing',
    });
    expect(verifyCallbackSignature(body, '', SECRET, { now })).toEqual({ ok: false, reason: 'missing' });
    for (const header of [
      'garbage',
      `v1=${v1}`,
      `t=${t}`,
      `t=abc,v1=${v1}`,
      `t=${t},v1=${v1.slice(0, 63)}`,
      `t=${t},v1=${v1.toUpperCase()}`,
      `t=${t},t=${t},v1=${v1}`,
      `t=${t},v1=${v1}=`,
      `t=-${t},v1=${v1}`,
    ]) {
      expect(verifyCallbackSignature(body, header, SECRET, { now }), header).toEqual({
        ok: false,
        reason: 'malformed',
      });
    }
  });
});

describe('the workflow callback', () => {
  it('parses a completed or failed callback and refuses anything else with the issues named', () => {
    const completed = {
      backgroundGenerationId: 'g1',
      status: 'completed',
      webhook_data: { imageUrl: 'https://x.example/a.png' },
    };
    expect(parseWorkflowCallback(completed)).toEqual({ ok: true, callback: completed });
    expect(
      parseWorkflowCallback({ backgroundGenerationId: 'g1', status: 'failed', error: 'quota' }),
    ).toMatchObject({
      ok: true,
      callback: { status: 'failed', error: 'quota' },
    });
    const refused = parseWorkflowCallback({ backgroundGenerationId: '', status: 'done' });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.issues.map((issue) => issue.split(':')[0])).toEqual([
      'backgroundGenerationId',
      'status',
    ]);
    expect(parseWorkflowCallback('completed')).toMatchObject({ ok: false });
    expect(parseWorkflowCallback(null)).toMatchObject({ ok: false });
  });

  describe('the image URLs, read in the spec order', () => {
    const a = 'https://cdn.example.com/a.png';
    const b = 'https://cdn.example.com/b.png';
    const c = 'https://cdn.example.com/c.png';

    it('selectedImage, then imageUrl, then all of allImages, then image_url, then the data as an array', () => {
      expect(imageUrlsFrom({ selectedImage: a, imageUrl: b, allImages: [c], image_url: c })).toEqual([a]);
      expect(imageUrlsFrom({ imageUrl: b, allImages: [c], image_url: a })).toEqual([b]);
      expect(imageUrlsFrom({ allImages: [c, a, b], image_url: a })).toEqual([c, a, b]);
      expect(imageUrlsFrom({ image_url: a })).toEqual([a]);
      expect(imageUrlsFrom([b, a])).toEqual([b, a]);
    });

    it('nothing usable gives an empty list: missing, empty, not https, not a URL', () => {
      for (const data of [
        undefined,
        null,
        {},
        [],
        'https://cdn.example.com/a.png',
        42,
        { selectedImage: '' },
        { allImages: [] },
        { imageUrl: 'http://cdn.example.com/a.png' },
        { image_url: 'data:image/png;base64,iVBORw0KGgo=' },
        { selectedImage: 'javascript:alert(1)' },
        { allImages: ['ftp://cdn.example.com/a.png', 7, null] },
        ['http://cdn.example.com/a.png'],
        { imageUrl: 'https://user:pass@cdn.example.com/a.png' },
        { imageUrl: `https://cdn.example.com/${'a'.repeat(2100)}.png` },
      ]) {
        expect(imageUrlsFrom(data), JSON.stringify(data)?.slice(0, 80)).toEqual([]);
      }
    });

    it('skips a field without an https URL for the next one, drops repeats and bad entries, keeps a few', () => {
      expect(imageUrlsFrom({ selectedImage: 'http://cdn.example.com/a.png', imageUrl: b })).toEqual([b]);
      expect(imageUrlsFrom({ allImages: ['http://x.example/1.png', a, a, 3, b] })).toEqual([a, b]);
      const many = Array.from({ length: 20 }, (_, i) => `https://cdn.example.com/${i}.png`);
      expect(imageUrlsFrom(many)).toEqual(many.slice(0, MAX_CALLBACK_IMAGES));
    });
  });
});
