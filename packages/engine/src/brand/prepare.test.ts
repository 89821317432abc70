/**
 * A brand kit is checked before anything is drawn (spec: "Ma marque / My brand": up to 5 colours, a
 * logo, a typography, a signature line), and its logo is decoded like any upload: the same refusals,
 * and a PNG keeps its transparency.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors';
import { drawnLogo } from '../test-utils/brand';
import { pngClaiming, truncatedJpeg } from '../test-utils/hostile-files';
import { checkBrand, MAX_SIGNATURE_LENGTH, prepareBrand } from './prepare';
import type { BrandInput } from './types';

const refusal = (input: unknown) => {
  try {
    checkBrand(input as BrandInput);
  } catch (error) {
    return error instanceof EngineError ? `${error.code}: ${error.message}` : String(error);
  }
  return null;
};

describe('a brand kit is checked', () => {
  it('takes one to five colours written #rrggbb, and refuses any other, naming it', () => {
    expect(refusal({ colours: ['#1f3a5f'] })).toBeNull();
    expect(refusal({ colours: ['#1F3A5F', '#e8b04b', '#000000', '#ffffff', '#123456'] })).toBeNull();
    expect(refusal({ colours: [] })).toMatch(/^INVALID_REQUEST: brand: colours must hold 1 to 5/);
    expect(refusal({ colours: Array(6).fill('#1f3a5f') })).toMatch(/colours must hold 1 to 5/);
    for (const wrong of ['blue', '#1f3a5', '#1f3a5fa', '1f3a5f', '#gg0000'])
      expect(refusal({ colours: ['#ffffff', wrong] })).toContain(`"${wrong}" is not a colour`);
    expect(refusal({})).toMatch(/colours must hold/);
  });

  it('takes a typography of the form, and a signature of one line up to its length', () => {
    expect(refusal({ colours: ['#ffffff'], typography: 'gothique' })).toMatch(/typography must be one of/);
    expect(checkBrand({ colours: ['#FFFFFF'], signature: ' @ma\tboutique \n' })).toEqual({
      colours: ['#ffffff'],
      typography: null,
      signature: '@ma boutique',
    });
    expect(checkBrand({ colours: ['#ffffff'], signature: '   ' }).signature).toBeNull();
    const long = 'x'.repeat(MAX_SIGNATURE_LENGTH + 1);
    expect(refusal({ colours: ['#ffffff'], signature: long })).toMatch(/signature must be at most/);
  });

  it('decodes the logo like an upload: a PNG keeps its transparency; a broken or lying file is refused', async () => {
    const brand = await prepareBrand({ colours: ['#1f3a5f'], logo: await drawnLogo(240, 120) });
    const { image, source } = brand.logo!;
    expect(source).toEqual({ width: 240, height: 120 });
    expect(image.channels).toBe(4);
    // The badge's corner is transparent, its middle opaque.
    expect(image.data[3]).toBe(0);
    expect(image.data[(60 * image.width + 120) * 4 + 3]).toBe(255);
    await expect(prepareBrand({ colours: ['#1f3a5f'], logo: await truncatedJpeg() })).rejects.toBeInstanceOf(
      EngineError,
    );
    await expect(
      prepareBrand({ colours: ['#1f3a5f'], logo: pngClaiming(100_000, 100_000) }),
    ).rejects.toMatchObject({ code: 'IMAGE_TOO_LARGE' });
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="200" height="200"/></svg>',
    );
    await expect(prepareBrand({ colours: ['#1f3a5f'], logo: svg })).rejects.toMatchObject({
      code: 'IMAGE_UNSUPPORTED',
    });
    // A logo larger than it is ever drawn is kept smaller, its proportions kept.
    const large = await sharp({ create: { width: 3000, height: 1500, channels: 4, background: '#1f3a5f' } })
      .png()
      .toBuffer();
    const kept = (await prepareBrand({ colours: ['#1f3a5f'], logo: large })).logo!;
    expect(kept.source).toEqual({ width: 3000, height: 1500 });
    expect(Math.max(kept.image.width, kept.image.height)).toBeLessThan(3000);
    expect(kept.image.width / kept.image.height).toBeCloseTo(2, 2);
  });
});
