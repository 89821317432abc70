import { beforeAll, describe, expect, it } from 'vitest';
import {
  EXPRESS_FORMATS,
  EXPRESS_STYLES,
  FUSION_FORMATS,
  FUSION_STYLES,
  expressRequest,
  textlessFormat,
} from '@vitrine/shared/api/generation';
import { insideSafeArea, safeAreaOf } from '@vitrine/shared/api/safe-area';
import { planExpress } from '../../art-direction/express-plan';
import { planFusion } from '../../art-direction/plan';
import { baseRequest, renderInputs } from '../../test-utils/render-fixtures';
import { renderExpressVariant } from '../express/render-express';
import { renderFusionVariant } from './render-fusion';

type Inputs = Awaited<ReturnType<typeof renderInputs>>;
let inputs: Inputs;
beforeAll(async () => {
  inputs = await renderInputs();
});

describe('safe zones, as rendered', () => {
  it('Fusion records the safe area, and every text it set and the product lie inside it, in every format and style', async () => {
    for (const format of FUSION_FORMATS)
      for (const [i, style] of FUSION_STYLES.entries()) {
        const request = baseRequest({
          format,
          style,
          slogan: 'Nouveau : -20 % sur tout le rayon',
          tagline: 'Cette semaine seulement',
        });
        // The variants take turns, so every kind of picture is rendered in some style of each format.
        const plan = planFusion(request, (i + FUSION_FORMATS.indexOf(format)) % 4);
        const { metadata } = await renderFusionVariant(plan, inputs.studio, inputs.context, []);
        const label = `${format} ${style} variant ${plan.variant}`;
        expect(metadata.safeArea, label).toEqual(safeAreaOf(plan.canvas));
        // A marketplace image carries no text, whatever was typed (decision 059).
        expect(
          metadata.text.map((t) => t.role),
          label,
        ).toEqual(textlessFormat(format) ? [] : ['slogan', 'tagline']);
        for (const text of metadata.text)
          expect(insideSafeArea(text.rect, metadata.safeArea), `${label}: ${text.role}`).toBe(true);
        expect(insideSafeArea(metadata.product, metadata.safeArea), `${label}: product`).toBe(true);
      }
  }, 120_000);

  it('Express records the safe area, and its headline, supporting line and logo corner lie inside it, in every format and style', async () => {
    for (const format of EXPRESS_FORMATS)
      for (const [i, style] of EXPRESS_STYLES.entries()) {
        const request = expressRequest.parse({
          style,
          format,
          description: 'Fleuriste de quartier, bouquets de saison et plantes',
        });
        const plan = planExpress(request, i % 4);
        const { metadata } = await renderExpressVariant(plan, []);
        const label = `${format} ${style} variant ${plan.variant}`;
        expect(metadata.safeArea, label).toEqual(safeAreaOf(plan.canvas));
        expect(metadata.headline, label).not.toBeNull();
        for (const text of [metadata.headline, metadata.supporting].flatMap((t) => (t ? [t] : [])))
          expect(insideSafeArea(text.rect, metadata.safeArea), `${label}: ${text.role}`).toBe(true);
        expect(insideSafeArea(metadata.logoZone, metadata.safeArea), `${label}: logo`).toBe(true);
      }
  }, 120_000);
});
