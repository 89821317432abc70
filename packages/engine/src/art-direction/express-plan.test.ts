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
