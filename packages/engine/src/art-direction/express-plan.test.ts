import { describe, expect, it } from 'vitest';
import {
  EXPRESS_FORMAT_SIZES,
  EXPRESS_FORMATS,
  EXPRESS_STYLES,
  expressRequest,
} from '@vitrine/shared/api/generation';
import { planExpress, planExpressVariants } from './express-plan';

const request = (input: Record<string, unknown> = {}) =>
  expressRequest.parse({ style: 'moderne', format: 'square', description: 'Boulangerie Dupré', ...input });

describe('Express art direction (spec: style, format, optional description)', () => {
  it('uses the format size and sets the headline written from the description when given', () => {
    for (const format of EXPRESS_FORMATS) {
      const plan = planExpress(request({ format }), 0);
      expect(plan.canvas).toEqual(EXPRESS_FORMAT_SIZES[format]);
      expect(plan.headline?.text).toBe('Boulangerie Dupré');
      expect(plan.supporting).toBeNull();
    }
    const none = planExpress(request({ description: '   ' }), 0);
    expect([none.headline, none.supporting, none.copy, none.textArea]).toEqual([null, null, null, null]);
  });

  it('sets the headline above the supporting line with room between them, both inside the text area, in the copy’s language', () => {
    for (const format of EXPRESS_FORMATS) {
      for (const plan of planExpressVariants(
        request({ format, description: 'Organic bakery in Lyon, sourdough and pastries' }),
      )) {
        const { headline, supporting, textArea } = plan;
        expect([headline!.text, supporting!.text]).toEqual([
          'Organic bakery in Lyon',
          'Sourdough and pastries',
        ]);
        // Room between them: a headline that fills its box (descenders of a serif's last line) must
        // not touch the supporting line's ascenders.
        expect(supporting!.box.y - (headline!.box.y + headline!.box.height)).toBeGreaterThanOrEqual(
          0.06 * textArea!.height,
        );
        expect(supporting!.box.y + supporting!.box.height).toBeLessThanOrEqual(
          textArea!.y + textArea!.height,
        );
        expect(headline!.box.y).toBe(textArea!.y);
        expect([headline!.language, supporting!.language]).toEqual(['en', 'en']);
        expect(plan.typography).toEqual({ language: 'en', source: 'detected', rules: 'english' });
      }
    }
  });

  it('sets the copy the server wrote (e.g. a language model’s) instead of writing its own', () => {
    const copy = {
      source: 'openai',
      headline: 'Le pain du matin',
      supporting: 'Levain et viennoiseries',
      language: 'fr',
    } as const;
    const plan = planExpress(request({ language: 'fr' }), 0, copy);
    expect(plan.copy).toBe(copy);
    expect([plan.headline!.text, plan.supporting!.text]).toEqual([copy.headline, copy.supporting]);
    expect(plan.typography).toEqual({ language: 'fr', source: 'request', rules: 'french' });
  });

  it('keeps the logo corner free and the headline inside the canvas, in every style, format and variant', () => {
    for (const style of EXPRESS_STYLES) {
      for (const format of EXPRESS_FORMATS) {
        for (const plan of planExpressVariants(request({ style, format }))) {
          const box = plan.textArea!;
          const logo = plan.logoZone;
          const apart =
            box.x >= logo.x + logo.width || box.y >= logo.y + logo.height || logo.x >= box.x + box.width;
          expect(apart, `${style} ${format} v${plan.variant}`).toBe(true);
          expect(box.x + box.width).toBeLessThanOrEqual(plan.canvas.width);
          expect(box.y + box.height).toBeLessThanOrEqual(plan.canvas.height);
        }
      }
    }
  });

  it('gives each style its own design and typeface, and variants their own arrangement', () => {
    const designs = EXPRESS_STYLES.map((style) => planExpress(request({ style }), 0).design.motif);
    expect(new Set(designs).size).toBe(EXPRESS_STYLES.length);
    const variants = planExpressVariants(request()).map((p) =>
      JSON.stringify([p.headline?.box, p.seed, p.mirrored]),
    );
    expect(new Set(variants).size).toBe(4);
  });

  it('describes the visual for image-model providers, without text in the picture', () => {
    const prompt = planExpress(request({ style: 'vintage', format: 'banner' }), 0).prompt;
    expect(prompt).toMatch(/vintage/);
    expect(prompt).toMatch(/Boulangerie Dupré/);
    expect(prompt).toMatch(/no text/);
    expect(prompt).toMatch(/1920x640/);
  });
});

describe('Express art direction with "What is it?" (the product’s name)', () => {
  it('sets the name as the headline and the description under it, in the request’s language and rules', () => {
    for (const language of ['fr', 'en'] as const) {
      const plan = planExpress(
        request({ description: 'Cycles Lebrun à Grenoble', productName: 'Vélo électrique urbain', language }),
        0,
      );
      expect([plan.headline!.text, plan.supporting!.text]).toEqual([
        'Vélo électrique urbain',
        'Cycles Lebrun à Grenoble',
      ]);
      expect([plan.headline!.language, plan.supporting!.language]).toEqual([language, language]);
      expect(plan.typography).toMatchObject({
        language,
        source: 'request',
        rules: language === 'fr' ? 'french' : 'english',
      });
    }
  });

  it('without a language, reads it from the name too: an English name alone is invited in English', () => {
    const plan = planExpress(
      request({ description: undefined, productName: 'Hand-poured candles for the home' }),
      0,
    );
    expect(plan.typography).toMatchObject({ language: 'en', source: 'detected' });
  });

  it('draws the product’s trade, read from its name, where the description says nothing of it', () => {
    const plan = planExpress(request({ description: undefined, productName: 'Vélo électrique urbain' }), 0);
    expect(plan.imagery.match.subject).toBe('bike');
    expect(plan.headline!.text).toBe('Découvrez notre vélo électrique urbain');
    expect(plan.prompt).toMatch(/Vélo électrique urbain/);
  });

  it('without a name (absent or blank), plans exactly what it planned before the field existed', () => {
    for (const format of EXPRESS_FORMATS)
      for (const description of ['Boulangerie Dupré', 'Organic bakery in Lyon, sourdough and pastries', ''])
        for (const productName of ['', '   ']) {
          const before = planExpressVariants(request({ format, description }));
          expect(planExpressVariants(request({ format, description, productName }))).toEqual(before);
        }
  });
});
