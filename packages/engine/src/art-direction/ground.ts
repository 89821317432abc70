/**
 * The product stands on the context photo's surface: the plan's framing moves (and, if it must, comes
 * closer) so that a line of the surface meets the ground line, or the ground line moves to the surface
 * within the room the layout allows. Pure: numbers from the scene reading in, a plan out.
 */
import { safeAreaOf } from '@vitrine/shared/api/safe-area';
import { onSpan, type Placed } from './ground-span';
import type { SceneReading } from './scene-reading';
import type { FusionPlan } from './types';

/** The ground line never rises above this share of the canvas: the product and its headroom need it. */
const HIGHEST_GROUND = 0.55;
/**
 * The camera comes this much closer at most to bring a surface to the ground line, or to keep the
 * product at its size on a surface that ends within the photo: the hero and the close-up come nearer
 * (the table larger about a large product) rather than show a product too large for its table.
 */
const MOST_ZOOM = { hero: 2, scene: 1.6, 'close-up': 2.2, backdrop: 1.6 } as const;
/**
 * Where the photo gives the product nothing to stand on (a wall, a sky, a surface that cannot be framed
 * at the ground line), it stands on a podium in the palette's colours instead of floating.
 */
function onPodium(
  plan: FusionPlan,
  reason: NonNullable<FusionPlan['ground']['reason']>,
  surface?: FusionPlan['ground']['surface'],
): FusionPlan {
  return {
    ...plan,
    effects: { ...plan.effects, podium: true },
    ground: { ...plan.ground, on: 'podium', reason, ...(surface && { surface }) },
  };
}

/** Seen from above, the scene shows only its surface: the window starts below its far edge. */
const MOST_TOP_ZOOM = 2.5;
/** Seen from above, the window may run this far (a share of the photo's height) past the surface's near edge. */
const BEYOND_SURFACE = 0.03;
/** Seen from above, the close-up's window is this much closer than the surface alone needs. */
const TOP_CLOSE_UP = 1.3;

/**
 * A product seen from above lies on the scene's surface seen from above too: the window starts just
 * below the surface's far edge and comes as close as it must to show nothing of what is beyond it.
 * Without a surface, the whole photo is the backdrop it lies on; on a catalogue scene's surface too
 * narrow to fill the window (`out-of-frame`), a sheet (flat-lay.ts).
 */
function seenFromAbove(plan: FusionPlan, reading: SceneReading): FusionPlan {
  const { surface } = reading;
  if (!surface) return { ...plan, ground: { ...plan.ground, on: 'top-down', reason: 'no-surface' } };
  const { width: W, height: H } = plan.canvas;
  const cover = Math.max(W / reading.width, H / reading.height);
  const top = Math.min(0.9, surface.back + 0.03);
  // The window's height, as a share of the photo's, must fit between the far edge and the foot.
  // The close-up comes closer still: the surface's grain larger, as a camera brought down to it.
  const closer = plan.shot === 'close-up' ? TOP_CLOSE_UP : 1;
  const zoom = Math.min(
    MOST_TOP_ZOOM,
    Math.max(plan.context.zoom ?? 1, H / (reading.height * cover) / (1 - top)) * closer,
  );
  const described = { back: surface.back, front: surface.front, stand: surface.stand };
  // A table or a ledge that ends within the photo: even at the closest zoom the window would show
  // what lies beyond its near edge (chairs under a café table, a kitchen's cabinet doors), and the
  // product would lie on them. It lies on a sheet instead (flat-lay.ts), which takes the surface's
  // colours where the window shows it (`sheet`: rows of the frame, shares of its height). Only where
  // the near edge is known (a catalogue scene's annotation): read from the pixels, it may be any change
  // of region below the far edge (the shade of a tree on a lawn that runs on). The studio set lies on
  // its own paper whatever the scene.
  const window = H / (reading.height * cover) / zoom;
  // Where the window starts once kept inside the photo (draw/scene.ts): up from the foot if it must.
  const start = Math.max(0, Math.min(top, 1 - window));
  const beyond =
    reading.annotated !== undefined &&
    plan.shot !== 'backdrop' &&
    start + window > surface.front + BEYOND_SURFACE;
  const seen = [Math.max(surface.back, start), Math.min(surface.front, start + window)] as const;
  const sheet = beyond &&
    seen[1] > seen[0] && { from: round3((seen[0] - start) / window), to: round3((seen[1] - start) / window) };
  return {
    ...plan,
    // Rounded up: a window a hair taller would show the far edge.
    context: { ...plan.context, zoom: Math.ceil(zoom * 100) / 100, top },
    ground: {
      ...plan.ground,
      on: 'top-down',
      surface: described,
      // Marked only with rows to take the sheet's colour from (a surface a few rows deep has none).
      ...(sheet && { reason: 'out-of-frame', sheet }),
    },
  };
}

/** A framing that keeps this share of the product's planned size (sizeKept) is taken without looking further. */
const KEEP_SIZE = 0.92;
/** A light read from the photo decides the key light's side when the brightness falls this clearly. */
const CLEAR_LIGHT = 0.2;

type Framing = { top: number; zoom: number; groundY: number; photoY: number };

const round3 = (share: number) => Math.round(share * 1000) / 1000;

/**
 * Where the photo's window starts and where the ground line falls for a zoom: the photo-y `p` chosen in
 * the surface's band [lo, hi] nearest to the planned ground line, the window moved to put it there.
 */
function frame(
  plan: FusionPlan,
  reading: SceneReading,
  zoom: number,
  lo: number,
  hi: number,
): Framing | null {
  const { width: W, height: H } = plan.canvas;
  const scale = Math.max(W / reading.width, H / reading.height) * zoom;
  // Photo heights in canvas pixels: one share of the photo's height is `span` pixels on the canvas.
  const span = reading.height * scale;
  const spare = Math.max(0, 1 - H / span);
  const planned = plan.product.groundY;
  const lowest = safeAreaOf(plan.canvas);
  const bottom = lowest.y + lowest.height;
  // With the window centred, the ground line meets the photo at this share of its height.
  const centred = spare / 2;
  const p = Math.min(hi, Math.max(lo, centred + planned / span));
  const top = Math.min(spare, Math.max(0, p - planned / span));
  const groundY = Math.round((p - top) * span);
  if (groundY < HIGHEST_GROUND * H || groundY > bottom) return null;
  return { top, zoom, groundY, photoY: top + groundY / span };
}

export function groundOnScene(plan: FusionPlan, reading: SceneReading | null | undefined): FusionPlan {
  if (!reading) return plan;
  // A light the user chose is kept; otherwise a clear one in the photo decides the key light's side.
  const light =
    !plan.lighting && reading.light && reading.light.strength >= CLEAR_LIGHT ? reading.light.from : null;
  // An annotated scene says so in the metadata: its surface and light were not guessed.
  const noted: FusionPlan = reading.annotated
    ? { ...plan, ground: { ...plan.ground, annotation: reading.annotated } }
    : plan;
  const hardness = reading.light?.hardness;
  const lit: FusionPlan = light
    ? {
        ...noted,
        light: { ...noted.light, from: light },
        ground: { ...noted.ground, light: 'scene', ...(hardness !== undefined && { hardness }) },
      }
    : noted;
  if (plan.ground.on === 'podium') return lit;
  if (plan.view === 'top') return seenFromAbove(lit, reading);
  const { surface } = reading;
  if (!surface) return onPodium(lit, 'no-surface');
  const described = {
    back: surface.back,
    front: surface.front,
    stand: surface.stand,
    ...(surface.span && { span: surface.span }),
    ...(surface.spanCm !== undefined && { spanCm: surface.spanCm }),
  };
  // The band a base may sit on: below the far edge by a little, above the near edge.
  const depth = surface.front - surface.back;
  const lo = surface.back + Math.min(0.1, depth / 2);
  const hi = Math.max(lo, surface.front - 0.02);
  const zoom0 = plan.context.zoom ?? 1;
  // The first zoom that frames the surface without shrinking the product much; else the one that
  // shrinks it least.
  let framing: Framing | null = null;
  let placed: Placed | null = null;
  let kept = 0;
  for (let zoom = zoom0; zoom <= MOST_ZOOM[plan.shot] + 1e-9 && kept < KEEP_SIZE; zoom += 0.1) {
    const candidate = frame(plan, reading, zoom, lo, hi);
    const moved = candidate && moveGround(plan.product, candidate.groundY);
    const across =
      moved && (surface.span ? onSpan(plan, reading, surface.span, candidate, moved) : { product: moved });
    const size = across ? sizeKept(plan, across.product.box) : 0;
    if (across && size > kept) [framing, placed, kept] = [candidate, across, size];
  }
  if (!framing || !placed) return onPodium(lit, 'out-of-frame', described);
  return {
    ...lit,
    context: {
      ...plan.context,
      zoom: Math.round(framing.zoom * 100) / 100,
      top: framing.top,
      ...(placed.left !== undefined && { left: placed.left }),
    },
    product: placed.product,
    ground: {
      ...lit.ground,
      on: 'surface',
      surface: described,
      photoY: round3(framing.photoY),
      ...(placed.scale && { scale: placed.scale }),
    },
  };
}

/**
 * The share of its planned size a product keeps in this room. The product is not known yet (it is cut
 * out meanwhile): in the hero and the close-up it is taken as square, which a narrower room shrinks as
 * a lower one does, so that the camera comes nearer rather than shrink it; the shot of the product in
 * its context keeps the scene and lets a narrower room shrink it.
 */
function sizeKept(plan: FusionPlan, room: { width: number; height: number }): number {
  const planned = plan.product.box;
  if (plan.shot === 'scene') return room.height / planned.height;
  return Math.min(room.width, room.height) / Math.min(planned.width, planned.height);
}

/**
 * The product's box on a new ground line. Lower, it moves down whole. Higher, it moves up into the free
 * room above it (down to the stage's top, under the text), and shrinks only by what is left: the part
 * of the surface higher in the frame is farther away.
 */
function moveGround(product: FusionPlan['product'], groundY: number): FusionPlan['product'] {
  const { box, stage } = product;
  const rise = product.groundY - groundY;
  if (rise <= 0)
    return {
      ...product,
      groundY,
      box: { ...box, y: box.y - rise },
      stage: { ...stage, height: groundY - stage.y },
    };
  const lift = Math.min(rise, Math.max(0, box.y - stage.y));
  const height = Math.max(1, box.height - (rise - lift));
  const shrink = height / box.height;
  return {
    ...product,
    groundY,
    box: { ...box, y: groundY - height, height },
    stage: { ...stage, height: Math.max(1, groundY - stage.y) },
    share: product.share * shrink * shrink,
  };
}
