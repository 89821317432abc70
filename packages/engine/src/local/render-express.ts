/** The local provider for Express: a designed visual in the chosen style, headline typeset, no photo. */
import type { ExpressRequest } from '@vitrine/shared/api/generation';
import { planExpressVariants, type ExpressPlan } from '../art-direction/express-plan';
import type { Box } from '../art-direction/types';
import { fromSvg, toRaw } from '../image/sharp';
import { encode, type OutputFormat } from './encode';
import { expressBackground } from './express-motifs';
import { vignette } from './light';
import { mapInFlight, type OnVariantDone } from './parallel';
import { glow, grain } from './surface';
import { prefetchText } from './text-layout';
import { typeset, type TypesetReport } from './typeset';

export type ExpressMetadata = {
  engine: 'local';
  mode: 'express';
  variant: number;
  width: number;
  height: number;
  style: ExpressPlan['style'];
  headline: TypesetReport | null;
  logoZone: Box;
  steps: string[];
  timings: { designMs: number; typesetMs: number; encodeMs: number; totalMs: number };
};

export type RenderedExpress = { images: Partial<Record<OutputFormat, Buffer>>; metadata: ExpressMetadata };

export async function renderExpressVariant(
  plan: ExpressPlan,
  formats: OutputFormat[] = ['jpeg'],
): Promise<RenderedExpress> {
  const t0 = performance.now();
  // The headline is set by libvips on another thread while the background is drawn.
  if (plan.headline) prefetchText([plan.headline]);
  const { design, canvas } = plan;
  const scene = await toRaw(
    fromSvg(
      expressBackground(canvas, design, plan.seed, plan.mirrored, plan.headline?.box ?? null),
    ).removeAlpha(),
  );
  const steps = [`${design.motif} design`];
  if (design.glow > 0) await glow(scene, design.glow, design.accents[0]!);
  if (design.grain > 0) grain(scene, design.grain, plan.seed);
  vignette(scene, design.vignette);
  const t1 = performance.now();
  const [headline = null] = plan.headline ? await typeset(scene, [plan.headline], design.inks) : [];
  if (headline) steps.push('typeset headline');
  const t2 = performance.now();
  const images: RenderedExpress['images'] = {};
  for (const format of formats) images[format] = await encode(scene, format);
  const t3 = performance.now();
  return {
    images,
    metadata: {
      engine: 'local',
      mode: 'express',
      variant: plan.variant,
      width: scene.width,
      height: scene.height,
      style: plan.style,
      headline,
      logoZone: plan.logoZone,
      steps,
      timings: {
        designMs: Math.round(t1 - t0),
        typesetMs: Math.round(t2 - t1),
        encodeMs: Math.round(t3 - t2),
        totalMs: Math.round(t3 - t0),
      },
    },
  };
}

/** A whole request, two variants at a time (see parallel.ts); `onVariant` as for renderFusion. */
export async function renderExpress(
  request: ExpressRequest,
  formats?: OutputFormat[],
  onVariant?: OnVariantDone,
): Promise<RenderedExpress[]> {
  return mapInFlight(planExpressVariants(request), (plan) => renderExpressVariant(plan, formats), onVariant);
}
