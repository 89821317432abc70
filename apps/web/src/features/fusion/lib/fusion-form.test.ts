import { describe, expect, it } from 'vitest';
import type { FusionSettingsUsed } from '@vitrine/shared/api/generations';
import {
  buildFusionRequest,
  DEFAULT_FUSION_SETTINGS,
  NO_IMAGES,
  settingsFromAgain,
  type FusionImages,
} from './fusion-form';

const images: FusionImages = {
  product: { uploadId: '6f1c2b1e-8d3a-4b7e-9c2d-1a2b3c4d5e6f', previewUrl: 'blob:x', name: 'p.png' },
  context: { uploadId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', previewUrl: 'blob:y', name: 'c.jpg' },
};

describe('Fusion request', () => {
  it('starts with every required choice set, so only the two images remain to add', () => {
    expect(DEFAULT_FUSION_SETTINGS).toMatchObject({
      position: 'centré',
      style: 'photo réaliste',
      palette: 'chaude',
      typography: 'moderne',
      format: 'carré',
    });
  });

  it('needs both the product image and the context image', () => {
    expect(buildFusionRequest(DEFAULT_FUSION_SETTINGS, NO_IMAGES)).toEqual({
      ok: false,
      missing: ['product', 'context'],
    });
    expect(buildFusionRequest(DEFAULT_FUSION_SETTINGS, { ...images, context: null })).toEqual({
      ok: false,
      missing: ['context'],
    });
  });

  it('sends the settings with the two upload ids, and leaves out blank slogan and tagline', () => {
    const result = buildFusionRequest({ ...DEFAULT_FUSION_SETTINGS, slogan: '  ', tagline: '' }, images);
    expect(result).toEqual({
      ok: true,
      body: {
        position: 'centré',
        style: 'photo réaliste',
        palette: 'chaude',
        slogan: undefined,
        tagline: undefined,
        productName: undefined,
        typography: 'moderne',
        format: 'carré',
        productUploadId: images.product!.uploadId,
        contextUploadId: images.context!.uploadId,
      },
    });
  });

  it('sends what the product is, trimmed, and refuses one longer than 60 characters', () => {
    const named = buildFusionRequest(
      { ...DEFAULT_FUSION_SETTINGS, productName: ' Bougie lavande & figue ' },
      images,
    );
    expect(named.ok && named.body).toMatchObject({ productName: 'Bougie lavande & figue' });
    const long = buildFusionRequest({ ...DEFAULT_FUSION_SETTINGS, productName: 'x'.repeat(61) }, images);
    expect(!long.ok && 'error' in long && long.error.issues[0]?.path).toEqual(['productName']);
  });

  it('says how the product was photographed only when the user chose it (read from the photo is the default)', () => {
    const auto = buildFusionRequest(DEFAULT_FUSION_SETTINGS, images);
    expect(auto.ok && 'productView' in auto.body).toBe(false);
    const front = buildFusionRequest({ ...DEFAULT_FUSION_SETTINGS, productView: 'de face' }, images);
    expect(front.ok && front.body.productView).toBe('de face');
    const above = buildFusionRequest({ ...DEFAULT_FUSION_SETTINGS, productView: 'du dessus' }, images);
    expect(above.ok && above.body.productView).toBe('du dessus');
  });

  it('trims the slogan and tagline', () => {
    const result = buildFusionRequest(
      { ...DEFAULT_FUSION_SETTINGS, slogan: ' Soldes ', tagline: ' -20 % ' },
      images,
    );
    expect(result.ok && result.body).toMatchObject({ slogan: 'Soldes', tagline: '-20 %' });
  });

  it('refuses in the browser what the server would refuse: a slogan over 80 characters or with markup', () => {
    const long = buildFusionRequest({ ...DEFAULT_FUSION_SETTINGS, slogan: 'x'.repeat(81) }, images);
    expect(long.ok).toBe(false);
    expect(!long.ok && 'error' in long && long.error.issues[0]?.path).toEqual(['slogan']);
    const markup = buildFusionRequest({ ...DEFAULT_FUSION_SETTINGS, tagline: '<b>promo</b>' }, images);
    expect(!markup.ok && 'error' in markup && markup.error.issues[0]?.path).toEqual(['tagline']);
  });
});

describe('the interface language goes with the request (it decides the typography)', () => {
  it('is sent when given, and checked by the contract', () => {
    const result = buildFusionRequest(DEFAULT_FUSION_SETTINGS, images, 'en');
    expect(result.ok && result.body.language).toBe('en');
    const none = buildFusionRequest(DEFAULT_FUSION_SETTINGS, images);
    expect(none.ok && 'language' in none.body).toBe(false);
  });

  it('a ready-made scene stands in for the context image: the request sends its id and no upload', () => {
    const result = buildFusionRequest(
      DEFAULT_FUSION_SETTINGS,
      { ...images, context: null },
      undefined,
      'studio-sweep',
    );
    expect(result.ok).toBe(true);
    const body = result.ok ? result.body : null;
    expect(body).toMatchObject({ sceneId: 'studio-sweep', productUploadId: images.product!.uploadId });
    expect(body).not.toHaveProperty('contextUploadId');
    // The product image is still needed.
    expect(buildFusionRequest(DEFAULT_FUSION_SETTINGS, NO_IMAGES, undefined, 'studio-sweep')).toEqual({
      ok: false,
      missing: ['product'],
    });
  });

  it('the marketplace image needs no context image: none is sent, and only the product can be missing', () => {
    const marketplace = { ...DEFAULT_FUSION_SETTINGS, format: 'marketplace' as const };
    const result = buildFusionRequest(marketplace, { ...images, context: null });
    expect(result.ok).toBe(true);
    const body = result.ok ? result.body : null;
    expect(body).toMatchObject({ format: 'marketplace', productUploadId: images.product!.uploadId });
    expect(body).not.toHaveProperty('contextUploadId');
    expect(body).not.toHaveProperty('sceneId');
    expect(buildFusionRequest(marketplace, NO_IMAGES)).toEqual({ ok: false, missing: ['product'] });
    // Every other format still needs one.
    for (const format of ['publication', 'pinterest'] as const)
      expect(
        buildFusionRequest({ ...DEFAULT_FUSION_SETTINGS, format }, { ...images, context: null }),
      ).toEqual({
        ok: false,
        missing: ['context'],
      });
  });
});

describe('the light and the reflection ("Lumière")', () => {
  it('are left out of the request while automatic (the scene and the style decide)', () => {
    const result = buildFusionRequest(DEFAULT_FUSION_SETTINGS, images);
    expect(result.ok).toBe(true);
    expect(result.ok && result.body).not.toHaveProperty('light');
    expect(result.ok && result.body).not.toHaveProperty('reflection');
  });

  it('a chosen light and a chosen reflection are sent as chosen', () => {
    const light = { angle: 180, softness: 0.8, strength: 0.25 };
    const result = buildFusionRequest({ ...DEFAULT_FUSION_SETTINGS, light, reflection: 'non' }, images);
    expect(result.ok && result.body).toMatchObject({ light, reflection: 'non' });
    const reflected = buildFusionRequest({ ...DEFAULT_FUSION_SETTINGS, reflection: 'oui' }, images);
    expect(reflected.ok && reflected.body.reflection).toBe('oui');
    expect(reflected.ok && reflected.body).not.toHaveProperty('light');
  });

  it('"every format" is sent only when switched on (one format is the default)', () => {
    const one = buildFusionRequest(DEFAULT_FUSION_SETTINGS, images);
    expect(one.ok && one.body).not.toHaveProperty('everyFormat');
    const every = buildFusionRequest({ ...DEFAULT_FUSION_SETTINGS, everyFormat: true }, images);
    expect(every.ok && every.body.everyFormat).toBe(true);
  });

  it('a light the server would refuse is refused in the browser, on the light field', () => {
    const result = buildFusionRequest(
      { ...DEFAULT_FUSION_SETTINGS, light: { angle: 90, softness: 1.5, strength: 0.5 } },
      images,
    );
    expect(!result.ok && 'error' in result && result.error.issues[0]?.path).toEqual(['light', 'softness']);
  });
});

describe('"generate again" fills the form with the settings a result was made with', () => {
  const again: FusionSettingsUsed = {
    mode: 'fusion',
    position: 'gauche',
    style: 'vintage',
    palette: 'pastel',
    productName: 'Bougie',
    productView: 'de face',
    slogan: 'Soldes',
    tagline: '-20 %',
    typography: 'élégant',
    format: 'story',
    everyFormat: true,
    productUploadId: 'p',
    contextUploadId: 'c',
    sceneId: null,
    light: { angle: 45, softness: 0.2, strength: 0.9 },
    reflection: 'oui',
    brand: false,
  };

  it('the chosen light, the reflection and "every format" come back with the other settings', () => {
    expect(settingsFromAgain(again)).toEqual({
      position: 'gauche',
      style: 'vintage',
      palette: 'pastel',
      productName: 'Bougie',
      productView: 'de face',
      slogan: 'Soldes',
      tagline: '-20 %',
      typography: 'élégant',
      format: 'story',
      everyFormat: true,
      light: { angle: 45, softness: 0.2, strength: 0.9 },
      reflection: 'oui',
      brand: false,
    });
  });

  it('an automatic light comes back automatic; a result made before the light existed gets the defaults', () => {
    expect(settingsFromAgain({ ...again, light: null, reflection: 'automatique' })).toMatchObject({
      light: null,
      reflection: 'automatique',
    });
    const older = { ...again } as Partial<FusionSettingsUsed>;
    delete older.light;
    delete older.reflection;
    delete older.productName;
    delete older.brand;
    expect(settingsFromAgain(older as FusionSettingsUsed)).toMatchObject({
      light: null,
      reflection: 'automatique',
      productName: '',
      brand: true,
    });
  });
});

describe('"Apply my brand" in the Fusion request', () => {
  const images = {
    product: { uploadId: '3f0c8a4e-1b2d-4c5e-8f90-a1b2c3d4e5f6', previewUrl: '', name: 'p.jpg' },
    context: { uploadId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', previewUrl: '', name: 'c.jpg' },
  };

  it('on (the default), the request says nothing and the server applies the kit', () => {
    const result = buildFusionRequest(DEFAULT_FUSION_SETTINGS, images);
    expect(result.ok && result.body).not.toHaveProperty('brand');
  });

  it('switched off, the request says brand: false', () => {
    const result = buildFusionRequest({ ...DEFAULT_FUSION_SETTINGS, brand: false }, images);
    expect(result.ok && result.body.brand).toBe(false);
  });
});
