/** The render plan: everything a provider needs to draw one variant, decided before any pixel is read. */
import type {
  FusionPalette,
  FusionPosition,
  FusionStyle,
  FusionTypography,
  Size,
} from '@vitrine/shared/api/generation';
import type { LightChoice } from '@vitrine/shared/api/light';
import type { Lang } from '@vitrine/shared/locale';
import type { RawImage } from '../image/sharp';
import type { ProductSize } from './product-size';
import type { ProductViewReading } from './scene-reading';
import type { TypographyChoice } from './typography';

/** Pixel rectangle on the canvas. */
export type Box = { x: number; y: number; width: number; height: number };

/** An sRGB colour as three 0-255 numbers. */
export type Rgb = readonly [number, number, number];

/** Colour grading from the palette; applied to the scene, never to the product's own colours. */
export type Grading = {
  saturation: number;
  contrast: number;
  /** Raises the blacks, 0 to 1: faded, airy shadows. */
  lift: number;
  /** Positive warms (more red, less blue), negative cools; about -1 to 1. */
  temperature: number;
  shadowTint: Rgb;
  highlightTint: Rgb;
  /** How far shadows and highlights move toward their tints, 0 to 1. */
  split: number;
  /** Dark, middle and light colours of the palette for podiums, frames and text. */
  swatch: { dark: Rgb; accent: Rgb; light: Rgb };
  /** The palette's two neon lights, for the cyberpunk duotone and glow. */
  neon: readonly [Rgb, Rgb];
};

/** What the style does to the scene; zero means "not at all". */
export type Effects = {
  /** Multiplies the palette's saturation: a style may be more muted or more vivid. */
  saturation: number;
  /**
   * Flat colour areas with crisp, inked boundaries, as in a vector illustration: the number of colours
   * kept (0: off).
   */
  flatColours: number;
  /** Dark outlines along edges, 0 to 1 (illustration, hand-drawn). */
  outline: number;
  /** Pencil hatching in the shadows, 0 to 1 (hand-drawn). */
  hatching: number;
  /**
   * Paper, 0 to 1 (hand-drawn): above 0 the scene is redrawn as pencil lines over a watercolour wash
   * on paper, and the paper's texture shows.
   */
  paper: number;
  /** Mix toward a paper or studio colour, 0 to 1 (minimaliste calm, hand-drawn paper). */
  wash: number;
  washColour: Rgb;
  /** Two-colour mapping of the scene's luminance (cyberpunk), 0 to 1. */
  duotone: number;
  glow: number;
  /** Neon lights thrown in from the side edges, 0 to 1 (cyberpunk): the palette's neon as light. */
  neonLight: number;
  grain: number;
  vignette: number;
  /** Extra warmth and faded blacks on top of the palette (vintage). */
  warmth: number;
  fade: number;
  /** A spotlight pool of light behind the product, 0 to 1 (3D mockup). */
  spotlight: number;
  podium: boolean;
  reflection: number;
  /** Contact-shadow strength, 0 to 1. */
  shadow: number;
  /**
   * Shallow depth of field, 0 to 1 as a style sets it (up to 1.2 once a near camera deepens it,
   * plan.ts): the scene behind the product thrown out of focus, more with distance above the ground
   * line; the floor the product stands on stays sharp.
   */
  depthOfField: number;
  /**
   * Light spilled just outside the product's outline: a neon glow (cyberpunk). Drawn lines there (ink,
   * pencil) read as a cut-out's dark halo, and no style draws one.
   */
  productEdge: 'none' | 'neon';
  /** Light leaks of old film: a warm glow from one edge, 0 to 1 (vintage). */
  lightLeak: number;
};

/**
 * What the product stands on: the context photo's surface (a table, a counter, the floor) framed so
 * that it meets the ground line; a podium for the 3D mockup, and where the photo shows no surface that
 * can be framed there (the metadata says why); the planned ground line when no photo was read (a scene
 * a model drew). `light` says whether the key light's side was read from the photo or is the
 * variant's own.
 */
export type Ground = {
  on: 'surface' | 'planned' | 'podium' | 'top-down';
  /**
   * Why the product stands on a podium rather than on the photo: no surface found, or none that could
   * be framed at a usable height (the 3D mockup's podium has no reason: it is the style's). Seen from
   * above (`top-down`): the whole photo is its backdrop (`no-surface`), or it lies on a sheet, the
   * surface being too narrow to fill the frame (`out-of-frame`: the hero on dark paper, the scene shot
   * on a sheet in the surface's colours, the close-up on the studio paper).
   */
  reason?: 'no-surface' | 'out-of-frame';
  /** Seen from above on a sheet: the rows of the frame (shares of its height) the surface lies in. */
  sheet?: { from: number; to: number };
  /**
   * The surface as read from the photo (shares of its height): far edge, near edge, where it stood;
   * its left and right ends (shares of its width) when it does not run across the whole photo.
   */
  surface?: {
    back: number;
    front: number;
    stand: number;
    span?: readonly [number, number];
    /** The span's width in centimetres (a catalogue scene's annotation). */
    spanCm?: number;
  };
  /**
   * Set when the product stands at the scale its name gives on a surface of known width: its usual
   * width and the share of the surface's span that makes (ground-span.ts).
   */
  scale?: { cm: number; word: string; fill: number };
  /** Where the ground line meets the photo, as a share of its height, in the framing chosen. */
  photoY?: number;
  light: 'scene' | 'variant' | 'chosen';
  /**
   * How hard the scene's light is, 0 soft to 1 a clear sun, when the scene's light gave the key light's
   * side and its annotation says how hard it is: the product's cast shadow is as sharp and as dark.
   */
  hardness?: number;
  /**
   * Set when the surface and the light's side were taken from a catalogue scene's annotation rather
   * than read from the photo: the scene's id and the view it was photographed from.
   */
  annotation?: { scene: string; view: 'eye-level' | 'high-angle' | 'top-down' };
};

/** Where the key light comes from and how bright the variant is. */
export type Light = {
  from: 'left' | 'right' | 'top';
  exposure: number;
  strength: number;
  /**
   * Set when the user chose the light: where it comes from as the picture shows it, in degrees
   * counter-clockwise from the right (90 from behind the product, 270 from the front). `from` is then
   * the side nearest to it.
   */
  angle?: number;
};

/** The slogan and tagline the request typed, and a brand's signature line. */
export type TextRole = 'slogan' | 'tagline' | 'signature';
export type Typeface = {
  family: string;
  weight: number;
  italic: boolean;
  uppercase: boolean;
};
export type TextBlock = {
  role: TextRole;
  text: string;
  box: Box;
  align: 'left' | 'center' | 'right';
  typeface: Typeface;
  /** The text's language: its typographic rules (typography.ts) and capitals follow it. */
  language: Lang;
};

/**
 * How the context photo is framed. It is never mirrored: it is the shop owner's own place, and a shop
 * sign, a brand name or a menu in it must read the right way round.
 */
export type ContextFraming = {
  crop: 'centre' | 'attention' | 'entropy' | 'north' | 'south';
  /** How much closer than a plain cover crop the camera stands: 1 (default) shows the most context. */
  zoom?: number;
  /**
   * The window's top, as a share of the photo's height, when the scene's surface decides it (so that
   * the line the product stands on lands on the ground line); the crop strategy then places it
   * across only.
   */
  top?: number;
  /**
   * The window's left side, as a share of the photo's width, when a surface that does not run across
   * the photo decides it (so that the product stands on it, not beside it).
   */
  left?: number;
};

/**
 * The kind of picture a variant is: the product as the hero; the product smaller in more of its scene;
 * a close-up (product large, the camera nearer the context); the product before a backdrop panel.
 */
export type Shot = 'hero' | 'scene' | 'close-up' | 'backdrop';

/**
 * Where the product may stand, as the layout gives it; it sits on groundY, centred horizontally in the
 * box, as large as the box allows up to `share` of the canvas's area (its bounding box). The stage is the
 * widest box around it clear of every text place: a framed print of the photo may fill it. The product's
 * centre is at centreX, moved only as far as keeps it inside the box.
 */
export type ProductPlace = {
  box: Box;
  centreX: number;
  groundY: number;
  third: 0 | 1 | 2;
  stage: Box;
  share: number;
  /**
   * The product's size once fitted, relative to that fit (1 when absent): the studio set shows the
   * product smaller than the hero does, whatever limited the hero's size (its box, its share, the
   * photo's resolution).
   */
  presence?: number;
};

export type FusionPlan = {
  mode: 'fusion';
  variant: number;
  canvas: Size;
  position: FusionPosition;
  style: FusionStyle;
  palette: FusionPalette;
  shot: Shot;
  product: ProductPlace & {
    /** Seen from above, the product lies in the middle of its box; otherwise it stands on groundY. */
    anchor?: 'base' | 'centre';
    /**
     * Seen from above, the product may lie at an angle (degrees, clockwise): a flat-lay is arranged,
     * and the turn makes one shot differ from the next. 0 when absent.
     */
    turn?: number;
    /**
     * Seen from above, the product stood when it was photographed: a compact one (a jar, a toy, a shoe
     * at a high angle, not a pen) on a surface that runs on behind it (not a flat-lay on a plain sheet).
     * It rests on its lower edge, grounded as a standing product is (its base firmed, the contact along
     * the line it stood on). Absent otherwise, and when the view was chosen in the form: the product's
     * reading is then not awaited.
     */
    stands?: boolean;
    /**
     * The product's usual width, read from its name (product-size.ts): on a surface whose width is
     * known, the shot of it in its context stands it at that scale (ground-span.ts).
     */
    size?: ProductSize;
  };
  /** How the product was photographed: it stands on the scene (front) or lies on it seen from above. */
  view: 'front' | 'top';
  /**
   * Where the view came from: the user's choice, the product photo's reading, the default (front), or
   * the scene (`scene`: read as from above, it stands on a scene whose surface cannot be seen from
   * above in this shot; plan.ts, standsOnScene).
   */
  viewChoice: { from: 'chosen' | 'detected' | 'default' | 'scene'; reading?: ProductViewReading };
  context: ContextFraming;
  light: Light;
  /** The light and shadow the user chose in the form; null: read from the scene, or the variant's. */
  lighting: LightChoice | null;
  /** What the product stands on, and where the key light's side came from. */
  ground: Ground;
  grading: Grading;
  effects: Effects;
  text: TextBlock[];
  /** The language of the slogan and tagline and the typographic rules they are set with. */
  typography: TypographyChoice;
  /** Other places for the same text blocks, clear of the product too: the calmest one is used. */
  textAlternatives: TextBlock[][];
  /** The scene described in words, for image-model providers. */
  prompt: string;
  /**
   * A marketplace's main image (art-direction/packshot.ts): the product alone on pure white, no scene,
   * set, text or style. Absent for every other format.
   */
  packshot?: Packshot;
  /** The shop's brand kit: its palette is the grading's, its logo and signature are set last. */
  brand?: PlannedBrand;
};

/** How a marketplace image shows the product: its box's larger side as a share of the frame's side, and
 * whether a faint contact shadow lies under it. */
export type Packshot = { fill: number; shadow: boolean };

/** A brand as a plan carries it: checked, its logo decoded (brand/prepare.ts). */
export type PlannedBrand = {
  /** The brand's colours as given, '#rrggbb' in lower case, the first one its main colour. */
  colours: string[];
  typography: FusionTypography | null;
  signature: string | null;
  /** The logo's pixels (RGBA, transparency kept) and its size as uploaded. */
  logo: { image: RawImage; source: { width: number; height: number } } | null;
};
