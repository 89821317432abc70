import { describe, expect, it } from 'vitest';
import { leafKeys, catalogs } from '../i18n/catalog';
import { parseValidationMessage } from '../validation/fields';
import {
  DESCRIPTION_MAX_LENGTH,
  EXPRESS_FORMAT_SIZES,
  EXPRESS_STYLES,
  expressRequest,
  FUSION_FIXED_VALUES,
  FUSION_FORMAT_SIZES,
  FUSION_PALETTES,
  FUSION_POSITIONS,
  FUSION_STYLES,
  FUSION_TYPOGRAPHIES,
  fusionRequest,
  paragraphLength,
  SLOGAN_MAX_LENGTH,
  TAGLINE_MAX_LENGTH,
} from './generation';

const valid = {
  position: 'gauche',
  style: 'vintage',
  palette: 'chaude',
  typography: 'élégant',
  format: 'story',
};

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('Fusion request (spec section 3)', () => {
  it('accepts every enumerated position, style, palette and typography of the spec', () => {
    expect(FUSION_POSITIONS).toEqual(['centré', 'gauche', 'droite']);
    expect(FUSION_PALETTES).toEqual(['chaude', 'froide', 'pastel', 'néon', 'noir_blanc']);
    expect(FUSION_TYPOGRAPHIES).toEqual(['moderne', 'élégant', 'manuscrit', 'tech']);
    for (const style of FUSION_STYLES) {
      expect(fusionRequest.safeParse({ ...valid, style }).success, style).toBe(true);
    }
  });

  it('requires position, style, palette, typography and format', () => {
    for (const field of Object.keys(valid)) {
      const result = fusionRequest.safeParse({ ...valid, [field]: undefined });
      expect(messages(result), field).toEqual(['validation.required']);
    }
  });

  it('refuses a value outside the enumeration as an invalid option', () => {
    expect(messages(fusionRequest.safeParse({ ...valid, palette: 'rainbow' }))).toEqual([
      'validation.invalidOption',
    ]);
    expect(messages(fusionRequest.safeParse({ ...valid, format: 42 }))).toEqual(['validation.invalidOption']);
  });

  it('refuses a variant count outside 1 to 4 as out of range', () => {
    for (const variants of [0, 5, 2.5, '4']) {
      expect(messages(fusionRequest.safeParse({ ...valid, variants })), String(variants)).toEqual([
        'validation.outOfRange',
      ]);
    }
  });

  it('accepts accents typed in decomposed form (NFD)', () => {
    const parsed = fusionRequest.parse({ ...valid, position: 'centré'.normalize('NFD') });
    expect(parsed.position).toBe('centré');
  });

  it('slogan and tagline are optional, trimmed, and empty becomes null', () => {
    const parsed = fusionRequest.parse({ ...valid, slogan: '  Fait main à Lyon  ', tagline: '   ' });
    expect(parsed.slogan).toBe('Fait main à Lyon');
    expect(parsed.tagline).toBeNull();
    expect(fusionRequest.parse(valid).slogan).toBeUndefined();
  });

  it('limits slogan and tagline length and refuses control characters', () => {
    const long = fusionRequest.safeParse({ ...valid, slogan: 'a'.repeat(SLOGAN_MAX_LENGTH + 1) });
    expect(messages(long)).toEqual([`validation.tooLong:${SLOGAN_MAX_LENGTH}`]);
    const longTag = fusionRequest.safeParse({ ...valid, tagline: 'a'.repeat(TAGLINE_MAX_LENGTH + 1) });
    expect(messages(longTag)).toEqual([`validation.tooLong:${TAGLINE_MAX_LENGTH}`]);
    const control = fusionRequest.safeParse({ ...valid, slogan: 'Promo\u0007 !' });
    expect(messages(control)).toEqual(['validation.forbiddenCharacters']);
    // Markup brackets get a message that names them.
    const brackets = fusionRequest.safeParse({ ...valid, slogan: 'Menus < 15 €' });
    expect(messages(brackets)).toEqual(['validation.markupCharacters']);
    expect(messages(fusionRequest.safeParse({ ...valid, slogan: 42 }))).toEqual(['validation.notText']);
  });

  it('asks for 4 variants by default and 1 to 4 at most', () => {
    expect(fusionRequest.parse(valid).variants).toBe(4);
    expect(fusionRequest.parse({ ...valid, variants: 1 }).variants).toBe(1);
    for (const variants of [0, 5, 2.5, '3']) {
      expect(fusionRequest.safeParse({ ...valid, variants }).success, String(variants)).toBe(false);
    }
  });

  it('maps each format to the size of the issue', () => {
    expect(FUSION_FORMAT_SIZES).toEqual({
      carré: { width: 1080, height: 1080 },
      story: { width: 1080, height: 1920 },
      bannière: { width: 1920, height: 1080 },
      portrait: { width: 1080, height: 1440 },
      paysage: { width: 1440, height: 1080 },
      publication: { width: 1080, height: 1350 },
      pinterest: { width: 1000, height: 1500 },
      marketplace: { width: 2000, height: 2000 },
    });
  });

  it('accepts the feed post 4:5, the pin 2:3 and the marketplace image, and still refuses an unknown format', () => {
    for (const format of ['publication', 'pinterest', 'marketplace'])
      expect(fusionRequest.parse({ ...valid, format }).format).toBe(format);
    expect(messages(fusionRequest.safeParse({ ...valid, format: 'affiche' }))).toEqual([
      'validation.invalidOption',
    ]);
    // A marketplace image is text-free: slogan and tagline are still accepted (and not drawn).
    expect(fusionRequest.parse({ ...valid, format: 'marketplace', slogan: 'Soldes' }).slogan).toBe('Soldes');
  });

  it('carries the spec fixed values: normal size, immersive integration, sharp context, poster use', () => {
    expect(FUSION_FIXED_VALUES).toEqual({
      tailleProduit: 'normal',
      orientationProduit: 'normale',
      niveauIntegration: 'immersif',
      flouContexte: 'net',
      ageAudience: 'adultes',
      genreAudience: 'non spécifique',
      niveauSophistication: 'grand public',
      usageImage: 'affiche',
    });
  });
});

describe('Express request (spec section 3)', () => {
  it('takes a description written on several lines, its line breaks read as spaces', () => {
    const parsed = expressRequest.parse({
      style: 'techno',
      format: 'banner',
      description: 'Boulangerie artisanale\r\n  Pains au levain\n\n\tdepuis 1987 ',
    });
    expect(parsed.description).toBe('Boulangerie artisanale Pains au levain depuis 1987');
    // The form's counter counts what the check counts.
    expect(paragraphLength('Boulangerie artisanale\r\n  Pains au levain\n\n\tdepuis 1987 ')).toBe(
      parsed.description!.length,
    );
    const atLimit = `${'a'.repeat(100)}\n\n\n${'b'.repeat(99)}`;
    expect(paragraphLength(atLimit)).toBe(DESCRIPTION_MAX_LENGTH);
    expect(
      expressRequest.safeParse({ style: 'techno', format: 'banner', description: atLimit }).success,
    ).toBe(true);
    // Other control characters and markup are still refused.
    for (const description of ['Pains\u0007', 'Fleurs <b>'])
      expect(expressRequest.safeParse({ style: 'techno', format: 'banner', description }).success).toBe(
        false,
      );
  });

  it('requires style and format, description optional and trimmed', () => {
    expect(EXPRESS_STYLES).toHaveLength(8);
    const parsed = expressRequest.parse({ style: 'techno', format: 'banner', description: ' Café ' });
    expect(parsed).toEqual({
      style: 'techno',
      format: 'banner',
      description: 'Café',
      variants: 4,
      everyFormat: false,
    });
    expect(messages(expressRequest.safeParse({ format: 'post' }))).toEqual(['validation.required']);
    expect(messages(expressRequest.safeParse({ style: 'techno' }))).toEqual(['validation.required']);
  });

  it('uses the spec sizes (square, story, post 16:9, banner 3:1), the feed post 4:5 and the pin 2:3', () => {
    expect(EXPRESS_FORMAT_SIZES).toEqual({
      square: { width: 1080, height: 1080 },
      story: { width: 1080, height: 1920 },
      post: { width: 1920, height: 1080 },
      banner: { width: 1920, height: 640 },
      feed: { width: 1080, height: 1350 },
      pinterest: { width: 1000, height: 1500 },
    });
    // The marketplace image needs a product: Express has none.
    expect(messages(expressRequest.safeParse({ style: 'techno', format: 'marketplace' }))).toEqual([
      'validation.invalidOption',
    ]);
  });
});

describe('generation validation messages', () => {
  it('are all keys of the translation catalogs', () => {
    const keys = new Set(leafKeys(catalogs.fr));
    const bad = [
      fusionRequest.safeParse({}),
      fusionRequest.safeParse({ ...valid, slogan: 'x'.repeat(500), tagline: 7, variants: 9 }),
      fusionRequest.safeParse({ ...valid, tagline: 'a\u0000b' }),
      expressRequest.safeParse({ style: 'x', format: 1, description: 'y'.repeat(999) }),
    ];
    for (const message of bad.flatMap(messages)) {
      expect(keys.has(parseValidationMessage(message).key), message).toBe(true);
    }
  });
});

describe('the interface language sent with a request (typography and copy follow it)', () => {
  it('is optional, fr or en, and anything else is an invalid option', () => {
    expect(expressRequest.parse({ style: 'techno', format: 'post' }).language).toBeUndefined();
    expect(expressRequest.parse({ style: 'techno', format: 'post', language: 'en' }).language).toBe('en');
    expect(fusionRequest.parse({ ...valid, language: 'fr' }).language).toBe('fr');
    expect(fusionRequest.parse({ ...valid, language: '' }).language).toBeUndefined();
    for (const language of ['de', 'EN', 3, ['fr']]) {
      expect(messages(fusionRequest.safeParse({ ...valid, language })), String(language)).toEqual([
        'validation.invalidOption',
      ]);
    }
  });
});
