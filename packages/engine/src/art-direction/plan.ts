/** Art direction: a validated Fusion request -> one plan per variant. Pure: no pixels, no clock. */
import type { FusionRequest } from '@vitrine/shared/api/generation';
import { FUSION_FORMAT_SIZES } from '@vitrine/shared/api/generation';
import { styleEffects } from './effects';
import { PALETTE_GRADING } from './grading';
import { layOut, type TextPlacement } from './layout';
import { scenePrompt } from './prompt';
import type { FusionPlan, TextBlock, TextRole } from './types';
import { resolveLanguage } from '../copy/language';
import { TYPEFACES } from './typefaces';
import { typographyChoice } from './typography';
import { VARIANT_RECIPES } from './variants';

export function planFusion(request: FusionRequest, variant: number): FusionPlan {
  const recipe = VARIANT_RECIPES[variant % VARIANT_RECIPES.length]!;
  const canvas = FUSION_FORMAT_SIZES[request.format];
  const copy: Record<TextRole, string | null | undefined> = {
    slogan: request.slogan,
    tagline: request.tagline,
  };
  const layout = layOut(
    canvas,
    request.position,
    recipe,
    { slogan: !!copy.slogan, tagline: !!copy.tagline },
    request.style,
  );
  const grading = PALETTE_GRADING[request.palette];
  const effects = styleEffects(request.style, grading);
  const view = request.productView === 'du dessus' ? 'top' : 'front';
  const { language, source } = resolveLanguage(request.language, [request.slogan, request.tagline]);
  const blocks = (placement: TextPlacement): TextBlock[] =>
    (['slogan', 'tagline'] as const).flatMap((role) => {
      const box = placement[role];
      const value = copy[role];
      return box && value
        ? [
            {
              role,
              text: value,
              box,
              align: layout.align,
              typeface: TYPEFACES[request.typography][role],
              language,
            },
          ]
        : [];
    });
  const text = blocks(layout.text);
  return {
    mode: 'fusion',
    variant,
    canvas,
    position: request.position,
    shot: recipe.shot,
    style: request.style,
    palette: request.palette,
    product: view === 'top' ? { ...layout.product, anchor: 'centre' } : layout.product,
    context: recipe.context,
    light: recipe.light,
    view,
    ground: {
      on: view === 'top' ? 'top-down' : request.style === '3D mockup' ? 'podium' : 'planned',
      light: 'variant',
    },
    grading,
    // Seen from above, a product lies on the surface: no podium to stand on, no reflection under it.
    effects: view === 'top' ? { ...effects, podium: false, reflection: 0 } : effects,
    text,
    typography: typographyChoice(language, source),
    textAlternatives: layout.alternatives.map(blocks),
    prompt: scenePrompt({
      style: request.style,
      palette: request.palette,
      canvas,
      productBox: layout.product.box,
      third: layout.product.third,
      textBoxes: text.map((block) => block.box),
    }),
  };
}

export function planFusionVariants(request: FusionRequest): FusionPlan[] {
  return Array.from({ length: request.variants }, (_, variant) => planFusion(request, variant));
}
