/**
 * A product stands at a scale that agrees with where it stands: read from "What is it?", its usual
 * width sizes it on a catalogue table whose width is annotated, in the shot of it in its context
 * (product-size.ts, ground.ts; decision 101).
 */
import { describe, expect, it } from 'vitest';
import { FUSION_FORMATS, textlessFormat, type FusionFormat } from '@vitrine/shared/api/generation';
import { baseRequest } from '../test-utils/render-fixtures';
import { groundOnScene } from './ground';
import { findScene } from '../local/scene-files';
import { planFusionVariants } from './plan';
import { productSizeOf } from './product-size';
import { annotatedReading, parseCatalogue, type PhotoScene } from './scene-catalogue';

describe('the usual width read from a product name', () => {
  it('finds the product a French name speaks of first and an English one last, plurals and accents too', () => {
    expect(productSizeOf('Bougie lavande & figue', 'fr')).toEqual({ cm: 8, word: 'Bougie' });
    expect(productSizeOf('Pot de miel de lavande', 'fr')).toEqual({ cm: 8, word: 'Pot' });
    expect(productSizeOf('Théière en fonte', 'fr')).toEqual({ cm: 20, word: 'Théière' });
    expect(productSizeOf('Lavender soy candles', 'en')).toEqual({ cm: 8, word: 'candles' });
    expect(productSizeOf('Tea cups', 'en')).toEqual({ cm: 11, word: 'cups' });
    expect(productSizeOf('Plant pot', 'en')).toEqual({ cm: 8, word: 'pot' });
    expect(productSizeOf('Plant pot', 'fr')).toEqual({ cm: 20, word: 'Plant' }); // said as French: a plant
    expect(productSizeOf('Sac à main en cuir', 'fr')).toEqual({ cm: 30, word: 'Sac à main' });
    expect(productSizeOf('Mugs émaillés', 'fr')).toEqual({ cm: 11, word: 'Mugs' });
    expect(productSizeOf('Handmade teddies', 'en')).toEqual({ cm: 22, word: 'teddies' });
  });

  it('gives nothing for a name it does not know, an offer or no name', () => {
    expect(productSizeOf('Vélo électrique urbain', 'fr')).toBeNull();
    expect(productSizeOf('2 achetées, la 3e offerte', 'fr')).toBeNull();
    expect(productSizeOf('Nike Air Max', 'en')).toBeNull();
    expect(productSizeOf('', 'fr')).toBeNull();
    expect(productSizeOf(null, 'en')).toBeNull();
    // A word inside another is not it: "candlestick" is no candle, "sacoche" no bag.
    expect(productSizeOf('Candlestick', 'en')).toBeNull();
    expect(productSizeOf('Sacoche', 'fr')).toBeNull();
    // A known word that is not the head of a French name describes something else.
    expect(productSizeOf("Tableau à l'huile", 'fr')).toBeNull();
    // A set: several of them in the photo, not one.
    expect(productSizeOf('Coffret 3 bougies', 'fr')).toBeNull();
    expect(productSizeOf('Pack of 4 candles', 'en')).toBeNull();
  });
});

const request = (format: FusionFormat, productName?: string) =>
  baseRequest({ format, slogan: 'Faite main à Lyon', variants: 4, ...(productName && { productName }) });

const cafe = findScene('cafe-terrace-table') as PhotoScene;
const cafeTable = annotatedReading(cafe, cafe);
const FORMATS = FUSION_FORMATS.filter((format) => !textlessFormat(format));

/** The product's room across the table, as a share of the table's width as the framing shows it. */
function shareOfTable(plan: ReturnType<typeof groundOnScene>, photoWidth: number): number {
  const { canvas, context, product } = plan;
  const [left, right] = cafe.span!;
  const across =
    photoWidth * Math.max(canvas.width / photoWidth, canvas.height / cafe.height) * context.zoom!;
  return product.box.width / ((right - left) * across);
}

describe('a named product on a table of known width (the café terrace, 70 cm)', () => {
  it('stands a candle at its width, 8 cm in 70, in the shot in context of every format, and says so', () => {
    for (const format of FORMATS) {
      const [, scene] = planFusionVariants(
        request(format, 'Bougie lavande & figue'),
        undefined,
        null,
        cafeTable,
      );
      const grounded = groundOnScene(scene!, cafeTable);
      const { canvas } = grounded;
      expect(grounded.ground.on, format).toBe('surface');
      expect(grounded.ground.surface?.spanCm, format).toBe(70);
      expect(grounded.ground.scale, format).toMatchObject({ cm: 8, word: 'Bougie' });
      // 8 in 70 is 0.114 of the table, or more where that would be less than a fifth of the
      // canvas's smaller side (a wide banner shows the table small): never less.
      const fill = grounded.ground.scale!.fill;
      const least = Math.floor(0.2 * Math.min(canvas.width, canvas.height));
      if (fill > 0.115) expect(grounded.product.box.width, format).toBe(least);
      else expect(fill, format).toBeCloseTo(8 / 70, 2);
      expect(shareOfTable(grounded, cafe.width), format).toBeCloseTo(fill, 2);
      // Unnamed, the same shot gives it a third of the table.
      const [, unnamed] = planFusionVariants(request(format), undefined, null, cafeTable);
      const wide = groundOnScene(unnamed!, cafeTable);
      expect(wide.ground.scale, format).toBeUndefined();
      expect(shareOfTable(wide, cafe.width), format).toBeGreaterThan(1.6 * fill);
    }
  });

  it('never gives a smaller product more room than a larger one, in any format', () => {
    const names = ['Bague', 'Bougie lavande', 'Mug émaillé', 'Théière en fonte', 'Sac à main en cuir'];
    for (const format of FORMATS) {
      const widths = names.map((name) => {
        const [, scene] = planFusionVariants(request(format, name), undefined, null, cafeTable);
        return groundOnScene(scene!, cafeTable).product.box.width;
      });
      for (let k = 1; k < widths.length; k++)
        expect(widths[k]!, `${format} ${names[k]}`).toBeGreaterThanOrEqual(widths[k - 1]!);
      // In the story, where the table is shown large, each at its own width: strictly growing.
      if (format === 'story')
        for (let k = 2; k < widths.length; k++) expect(widths[k]!, names[k]).toBeGreaterThan(widths[k - 1]!);
    }
  });

  it('keeps a product that would be a speck on a large counter at a fifth of the canvas, larger than life', () => {
    const island = findScene('kitchen-island-granite') as PhotoScene;
    const counter = annotatedReading(island, island);
    for (const format of FORMATS) {
      const [, scene] = planFusionVariants(request(format, 'Mug émaillé'), undefined, null, counter);
      const grounded = groundOnScene(scene!, counter);
      const { canvas } = grounded;
      expect(grounded.ground.on, format).toBe('surface');
      // 11 cm on a 1.4 m island would be under 8 % of its span: the floor decides.
      expect(grounded.ground.scale!.fill, format).toBeGreaterThan(11 / 140);
      expect(grounded.product.box.width, format).toBe(
        Math.floor(0.2 * Math.min(canvas.width, canvas.height)),
      );
    }
  });

  it('keeps the hero, the close-up and the studio set as they are, and a product as wide as the shot allows', () => {
    const named = planFusionVariants(request('story', 'Bougie lavande & figue'), undefined, null, cafeTable);
    const unnamed = planFusionVariants(request('story'), undefined, null, cafeTable);
    for (const [k, plan] of named.entries()) {
      if (plan.shot === 'scene') continue;
      const grounded = groundOnScene(plan, cafeTable);
      expect(grounded.ground.scale, plan.shot).toBeUndefined();
      expect(grounded.product.box, plan.shot).toEqual(groundOnScene(unnamed[k]!, cafeTable).product.box);
    }
    // A bag 30 cm wide would take more than the shot's third of a 70 cm table: the third stays.
    const [, bag] = planFusionVariants(request('story', 'Sac à main en cuir'), undefined, null, cafeTable);
    const [, plain] = planFusionVariants(request('story'), undefined, null, cafeTable);
    const grounded = groundOnScene(bag!, cafeTable);
    expect(grounded.ground.scale).toBeUndefined();
    expect(grounded.product.box).toEqual(groundOnScene(plain!, cafeTable).product.box);
  });

  it('leaves a surface of unknown width as it was: a photo the user took, or a table the catalogue does not measure', () => {
    const { spanCm: _, ...unmeasured } = cafe;
    const table = annotatedReading(unmeasured, cafe);
    const [, scene] = planFusionVariants(request('carré', 'Bougie lavande'), undefined, null, table);
    const [, plain] = planFusionVariants(request('carré'), undefined, null, table);
    const grounded = groundOnScene(scene!, table);
    expect(grounded.ground.scale).toBeUndefined();
    expect(grounded.product.box).toEqual(groundOnScene(plain!, table).product.box);
  });

  it('refuses a catalogue entry that gives a width without the span it measures', () => {
    const { span: _, ...spanless } = cafe;
    expect(() => parseCatalogue([spanless])).toThrow(/cafe-terrace-table.*spanCm: only with a span/);
  });
});
