/** Art direction: a validated Fusion request -> one plan per variant. Pure: no pixels, no clock. */
import type { FusionRequest } from '@vitrine/shared/api/generation';
import { FUSION_FORMAT_SIZES, textlessFormat } from '@vitrine/shared/api/generation';
import { brandGrading } from './brand-palette';
import { styleEffects } from './effects';
import { PALETTE_GRADING } from './grading';
import { layOut, type TextPlacement } from './layout';
import { packshotOf } from './packshot';
import { productSizeOf } from './product-size';
import { scenePrompt } from './prompt';
import { groundOnScene } from './ground';
import type { ProductViewReading, SceneReading } from './scene-reading';
import type { Effects, FusionPlan, Light, PlannedBrand, TextBlock } from './types';
import { resolveLanguage } from '../copy/language';
import { TYPEFACES } from './typefaces';
import { typographyChoice } from './typography';
import { VARIANT_RECIPES, type VariantRecipe } from './variants';

/**
 * How the product is shown: as the user chose, else as its photo was read (local/read-product-view.ts),
 * else from the front (a hosted scene is planned before the product is read).
 */
export function viewOf(
  request: FusionRequest,
  reading?: ProductViewReading,
): { view: FusionPlan['view'] } & FusionPlan['viewChoice'] {
  if (request.productView === 'du dessus') return { view: 'top', from: 'chosen' };
  if (request.productView === 'de face') return { view: 'front', from: 'chosen' };
  return reading ? { view: reading.view, from: 'detected', reading } : { view: 'front', from: 'default' };
}

/**
 * One variant's plan, without the scene: planFusionVariants, given the scene's reading, may stand a
 * product read as from above on it instead (standsOnScene). With a brand (brand-palette.ts), its
 * colours replace the request's palette and its typography the request's; its logo and signature go
 * with the plan, set when the picture is done.
 */
export function planFusion(
  request: FusionRequest,
  variant: number,
  reading?: ProductViewReading,
  brand?: PlannedBrand | null,
): FusionPlan {
  // A marketplace image has no text, whatever was typed, and the product in the middle (packshot.ts).
  if (textlessFormat(request.format)) {
    const textless = { ...request, slogan: undefined, tagline: undefined, position: 'centré' as const };
    return packshotOf(planScene(textless, variant, reading, brand));
  }
  return planScene(request, variant, reading, brand);
}

function planScene(
  chosen: FusionRequest,
  variant: number,
  reading?: ProductViewReading,
  brand?: PlannedBrand | null,
): FusionPlan {
  const request = brand?.typography ? { ...chosen, typography: brand.typography } : chosen;
  const recipe = VARIANT_RECIPES[variant % VARIANT_RECIPES.length]!;
  const canvas = FUSION_FORMAT_SIZES[request.format];
  const copy: Record<'slogan' | 'tagline', string | null | undefined> = {
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
  const grading = brand ? brandGrading(brand.colours) : PALETTE_GRADING[request.palette];
  const { view, ...viewChoice } = viewOf(request, reading);
  const effects = shotEffects(
    reflected(styleEffects(request.style, grading), request.reflection),
    recipe,
    view,
  );
  const lighting = request.light ?? null;
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
  const size = productSizeOf(request.productName, language);
  return {
    mode: 'fusion',
    variant,
    canvas,
    position: request.position,
    shot: recipe.shot,
    style: request.style,
    palette: request.palette,
    product: {
      ...(view === 'top'
        ? laidFlat(layout.product, recipe.shot, canvas, request.position, reading)
        : layout.product),
      ...(size && { size }),
    },
    context: recipe.context,
    light: lighting ? chosenLight(recipe.light, lighting.angle) : recipe.light,
    lighting,
    view,
    viewChoice,
    ground: {
      // The shot decided the podium (shotEffects): the 3D mockup's, or the studio set's.
      on: view === 'top' ? 'top-down' : effects.podium ? 'podium' : 'planned',
      light: lighting ? 'chosen' : 'variant',
    },
    grading,
    effects,
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
      ...(brand && { colours: brand.colours }),
    }),
    ...(brand && { brand }),
  };
}

/**
 * What the variant's shot asks of the style's effects. Seen from above, a product lies on the surface:
 * no podium to stand on, no reflection under it. In context, it stands on the scene itself, which stays
 * readable (little depth of field), in every style. On the studio set, it stands on a podium.
 */
function shotEffects(effects: Effects, recipe: VariantRecipe, view: FusionPlan['view']): Effects {
  if (view === 'top') return { ...effects, podium: false, reflection: 0 };
  if (recipe.onScene)
    return { ...effects, podium: false, depthOfField: Math.min(effects.depthOfField, IN_CONTEXT_DEPTH) };
  if (recipe.set) return { ...effects, podium: true };
  return { ...effects, depthOfField: nearFocus(effects.depthOfField, recipe.share) };
}

/**
 * A camera nearer the product throws the scene further out of focus: with a style shot on a fast lens,
 * its depth of field (set for a product at the scene shot's share of the canvas) grows in proportion to
 * the share the product takes: the hero's 1.9 times, the close-up's 2.25 times, at most 1.2. (The scene
 * shot itself keeps at most IN_CONTEXT_DEPTH, to stay readable.) So a large product stands before a
 * place, not on a model of one. A style of deep focus (vintage's film camera) keeps its own.
 */
function nearFocus(depthOfField: number, share: number): number {
  if (depthOfField < FAST_LENS) return depthOfField;
  return Math.min(MAX_NEAR_DEPTH, depthOfField * (share / SCENE_SHARE));
}

/** The scene shot's share of the canvas, the framing the styles' depths of field are set for. */
const SCENE_SHARE = VARIANT_RECIPES.find((recipe) => recipe.onScene)!.share;
/** The least depth of field of a style shot on a fast lens, and the most a near camera gives. */
const FAST_LENS = 0.4;
const MAX_NEAR_DEPTH = 1.2;

/**
 * Seen from above, the product lies in the middle of its box, turned as its shot says (a compact
 * product only by the camera's few degrees); in the scene shot it lies smaller toward the right, with
 * the surface around it; on the studio set it lies on a sheet that hides the scene (flat-lay.ts), which
 * makes that picture unlike the others. A compact product that was read on a surface running on behind
 * it stood there when photographed (`stands`); one on a plain sheet is taken to be a flat-lay.
 */
function laidFlat(
  product: FusionPlan['product'],
  shot: FusionPlan['shot'],
  canvas: { width: number },
  position: FusionRequest['position'],
  reading: ProductViewReading | undefined,
): FusionPlan['product'] {
  // The close-up's slant is for a long product: a compact one keeps the angle it was photographed at
  // (scene-reading.ts, `elongation`). The scene shot's few degrees read as the camera's, not as a tip.
  const compact = reading?.elongation !== undefined && reading.elongation < SLANTED_FROM;
  const turn = compact && Math.abs(TOP_TURN[shot]) > CAMERA_TILT ? 0 : TOP_TURN[shot];
  const stands = compact && reading?.reason === 'one-surface';
  const flat = { ...product, anchor: 'centre' as const, turn, ...(stands && { stands: true }) };
  const at = (share: number) => product.box.x + product.box.width * share;
  if (shot === 'scene') return { ...flat, presence: TOP_SCENE_PRESENCE, centreX: at(TOP_SCENE_AT) };
  if (shot !== 'backdrop') return flat;
  // The studio set's sheet fills the frame: a centred product lies in its middle, on the disc, not
  // aside as it stands beside an arch.
  if (position !== 'centré') return { ...flat, centreX: at(0.5) };
  const box = { ...product.box, x: Math.round((canvas.width - product.box.width) / 2) };
  return { ...flat, box, centreX: canvas.width / 2 };
}

/**
 * The scene shot seen from above: the product's size against its fit in the shot's own box (which is
 * smaller than the hero's), and where its centre lies across that box.
 */
const TOP_SCENE_PRESENCE = 0.9;
const TOP_SCENE_AT = 0.62;

/**
 * Seen from above, how each shot lays the product (degrees, clockwise): the close-up at a slant (a long
 * product's only, `SLANTED_FROM`).
 */
const TOP_TURN: Record<FusionPlan['shot'], number> = { hero: 0, scene: -6, 'close-up': 15, backdrop: 0 };
/**
 * The elongation from which a product lies at a slant: three times as long as wide (a pen at 12, a
 * bottle lying down). Shoes seen from above measure 1.9 to 2.3 on the open photos, and at a slant they
 * look tipped, not laid.
 */
const SLANTED_FROM = 3;
/** A turn this small (degrees) reads as the camera held a little aslant, on any product. */
const CAMERA_TILT = 8;

/** The most depth of field the in-context shot keeps: the scene must stay readable. */
const IN_CONTEXT_DEPTH = 0.3;

/**
 * The request's plans, one per variant. With the scene's reading, the shot of a product in its context
 * stands it on the scene where the product, read as photographed from above, would lie on a sheet
 * (standsOnScene).
 */
export function planFusionVariants(
  request: FusionRequest,
  reading?: ProductViewReading,
  brand?: PlannedBrand | null,
  scene?: SceneReading | null,
): FusionPlan[] {
  return Array.from({ length: request.variants }, (_, variant) => {
    const plan = planFusion(request, variant, reading, brand);
    if (!scene || !reading || !standsOnScene(plan, scene)) return plan;
    const upright = planFusion(request, variant, { ...reading, view: 'front' }, brand);
    return { ...upright, viewChoice: { from: 'scene', reading } };
  });
}

/**
 * Whether the shot of the product in its context stands the product on the scene, as a product
 * photographed from the front stands (decision 099). Read as photographed from above, it would lie on a
 * plain sheet there, the scene's surface being too narrow to be seen from above (a café table, a
 * kitchen island: ground.ts, `out-of-frame`), and the scene would not show in the one shot meant to show
 * it. It stands when its photo showed it on a surface that ran on behind it (`one-surface`: a shoe on
 * asphalt, a toy on a lawn, taken from a high angle) and the scene was photographed from a high angle
 * too: the two cameras agree. Before an eye-level scene (a stream's rocks, a boulder) it would look
 * balanced on a slope, and keeps the sheet; so do a flat-lay on a sheet (`one-sheet`), a view the user
 * chose and the other shots (the hero on dark paper, the close-up on the studio paper).
 */
function standsOnScene(plan: FusionPlan, scene: SceneReading): boolean {
  if (plan.shot !== 'scene' || plan.packshot || plan.view !== 'top') return false;
  if (plan.viewChoice.from !== 'detected' || plan.viewChoice.reading?.reason !== 'one-surface') return false;
  if (scene.annotated?.view !== 'high-angle') return false;
  return groundOnScene(plan, scene).ground.reason === 'out-of-frame';
}

/** The side of the product a light at `angle` (as the picture shows it) falls on: its shading's side. */
export function sideOf(angle: number): Light['from'] {
  const across = Math.cos((angle * Math.PI) / 180);
  return across > SIDE_AT ? 'right' : across < -SIDE_AT ? 'left' : 'top';
}
/** A light more to one side than this (the cosine of its angle) lights that side of the product. */
const SIDE_AT = 0.38;

/** The variant's key light, from where the user put it. */
function chosenLight(light: Light, angle: number): Light {
  return { ...light, from: sideOf(angle), angle };
}

/** How strong a reflection "oui" gives a style that has none: the 3D mockup's. */
const REFLECTION_ON = 0.22;

/** The style's reflection, unless the user switched it on or off. */
function reflected(effects: Effects, reflection: FusionRequest['reflection']): Effects {
  if (reflection === 'non') return { ...effects, reflection: 0 };
  if (reflection === 'oui') return { ...effects, reflection: Math.max(effects.reflection, REFLECTION_ON) };
  return effects;
}
