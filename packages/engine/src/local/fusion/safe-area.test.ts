import { describe, expect, it } from 'vitest';
import {
  EXPRESS_FORMAT_SIZES,
  EXPRESS_FORMATS,
  EXPRESS_STYLES,
  FUSION_FORMAT_SIZES,
  FUSION_FORMATS,
  FUSION_POSITIONS,
  FUSION_STYLES,
  expressRequest,
  fusionRequest,
  type FusionFormat,
  type FusionPosition,
  type FusionStyle,
} from '@vitrine/shared/api/generation';
import { insideSafeArea, isFeedPost, safeAreaOf } from '@vitrine/shared/api/safe-area';
import { planExpress } from '../../art-direction/express-plan';
import { planFusionVariants } from '../../art-direction/plan';
import { fitInBox } from '../draw/placement';

/** Products as photographed (width over height): a pen, a bottle, a jar, a cup, a handbag, a bike. */
const SHAPES = { pen: 0.2, bottle: 0.45, jar: 0.8, cup: 1, handbag: 1.4, bike: 1.8 } as const;
/** Thinner than this, a product is "thin" (a bottle, a pen): it stands taller in a story. */
const THIN = 0.5;

const plans = (format: FusionFormat, style: FusionStyle, position: FusionPosition) =>
  planFusionVariants(
    fusionRequest.parse({
      position,
      style,
      palette: 'chaude',
      typography: 'moderne',
      format,
      slogan: 'Nouveau : -20 % sur tout le rayon',
      tagline: 'Cette semaine seulement, en boutique et en ligne',
    }),
  );

const sized = (aspect: number) => ({
  width: Math.round(900 * Math.sqrt(aspect)),
  height: Math.round(900 / Math.sqrt(aspect)),
});

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return (sorted[Math.floor(middle - 0.5)]! + sorted[Math.ceil(middle - 0.5)]!) / 2;
};

describe('safe zones', () => {
  it('a story keeps its top 250 px and bottom 340 px free; every other format keeps a margin on each side', () => {
    expect(safeAreaOf({ width: 1080, height: 1920 })).toEqual({ x: 49, y: 250, width: 982, height: 1330 });
    for (const format of FUSION_FORMATS) {
      const canvas = FUSION_FORMAT_SIZES[format];
      const safe = safeAreaOf(canvas);
      expect(safe.x, format).toBeGreaterThan(0);
      // A feed post's sides are narrower still (below); its top and bottom keep the common margin.
      if (!isFeedPost(canvas))
        expect(canvas.height - safe.y - safe.height, format).toBeGreaterThanOrEqual(safe.x);
    }
  });

  it('a feed post (4:5) keeps its text and product inside the 3:4 crop a profile grid shows, with a margin in it', () => {
    const canvas = FUSION_FORMAT_SIZES.publication;
    const safe = safeAreaOf(canvas);
    // The grid shows 1012.5 of the 1080 px, centred: 33.75 px cut on each side; 4.5 % of the crop inside it.
    expect(safe).toEqual({ x: 79, y: 49, width: 922, height: 1252 });
    expect(safeAreaOf(EXPRESS_FORMAT_SIZES.feed)).toEqual(safe);
    // A pin (2:3) is shown whole: the common margin, 4.5 % of its width.
    expect(safeAreaOf(FUSION_FORMAT_SIZES.pinterest)).toEqual({ x: 45, y: 45, width: 910, height: 1410 });
  });

  it('Fusion: every text place and the product stay inside the safe area, in every format, style, position and variant', () => {
    for (const format of FUSION_FORMATS)
      for (const style of FUSION_STYLES)
        for (const position of FUSION_POSITIONS)
          for (const plan of plans(format, style, position)) {
            const safe = safeAreaOf(plan.canvas);
            const label = `${format} ${style} ${position} variant ${plan.variant}`;
            for (const block of [plan.text, ...plan.textAlternatives].flat())
              expect(insideSafeArea(block.box, safe), `${label}: ${block.role}`).toBe(true);
            for (const [shape, aspect] of Object.entries(SHAPES))
              expect(
                insideSafeArea(fitInBox(sized(aspect), plan.product, plan.canvas), safe),
                `${label}: ${shape}`,
              ).toBe(true);
          }
  });

  it('a story’s Fusion text starts clear of the top bar by 40 px or more, not touching its line', () => {
    for (const position of FUSION_POSITIONS)
      for (const plan of plans('story', 'photo réaliste', position))
        for (const block of [...plan.text, ...plan.textAlternatives.flat()])
          expect(block.box.y, `${position} ${plan.shot}`).toBeGreaterThanOrEqual(250 + 40);
  });

  it('Express: the headline, the supporting line and the logo corner stay inside the safe area, in every format, style and variant', () => {
    for (const format of EXPRESS_FORMATS)
      for (const style of EXPRESS_STYLES)
        for (let variant = 0; variant < 4; variant++) {
          const request = expressRequest.parse({
            style,
            format,
            description: 'Boulangerie de quartier, pains au levain',
          });
          const plan = planExpress(request, variant);
          const safe = safeAreaOf(plan.canvas);
          const label = `${format} ${style} variant ${variant}`;
          expect(plan.headline, label).not.toBeNull();
          for (const block of [plan.headline, plan.supporting].flatMap((b) => (b ? [b] : [])))
            expect(insideSafeArea(block.box, safe), `${label}: ${block.role}`).toBe(true);
          expect(insideSafeArea(plan.logoZone, safe), `${label}: logo`).toBe(true);
        }
  });
});

describe('the product fills a story', () => {
  it('its median height over the four variants is at least 0.30 of the frame (a thin product 0.40), in every style and position', () => {
    for (const style of FUSION_STYLES)
      for (const position of FUSION_POSITIONS) {
        const variants = plans('story', style, position);
        for (const [shape, aspect] of Object.entries(SHAPES)) {
          const { height: H } = variants[0]!.canvas;
          const heights = variants.map(
            (plan) => fitInBox(sized(aspect), plan.product, plan.canvas).height / H,
          );
          const label = `${style} ${position} ${shape}`;
          if (aspect <= THIN) expect(median(heights), label).toBeGreaterThanOrEqual(0.4);
          else if (aspect <= 1.4) expect(median(heights), label).toBeGreaterThanOrEqual(0.3);
          else {
            // Wider than 1.4:1, the frame's width is the limit: the product spans the safe width instead.
            const safe = safeAreaOf(variants[0]!.canvas);
            const widths = variants.map((plan) => fitInBox(sized(aspect), plan.product, plan.canvas).width);
            expect(median(widths) / safe.width, label).toBeGreaterThanOrEqual(0.9);
          }
        }
      }
  });
});
