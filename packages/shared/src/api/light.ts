/**
 * Light and shadow chosen in the Fusion form ("Lumière / Light"): absent, the engine reads the light
 * from the scene (automatique). The angle says where the light comes from as the picture shows it, in
 * degrees counter-clockwise from the right: 0 from the right, 90 from the top of the picture (behind the
 * product: its shadow falls toward the viewer), 180 from the left, 270 from the front (its shadow falls
 * behind). The form offers the eight positions LIGHT_ANGLES; any whole degree is accepted.
 */
import { z } from 'zod';

export const LIGHT_ANGLES = [0, 45, 90, 135, 180, 225, 270, 315] as const;

/** Whether the product is reflected on the surface it stands on: the style decides, or the user. */
export const REFLECTIONS = ['automatique', 'oui', 'non'] as const;
export type Reflection = (typeof REFLECTIONS)[number];

const OUT_OF_RANGE = 'validation.outOfRange';
const share = z.number({ error: OUT_OF_RANGE }).min(0, OUT_OF_RANGE).max(1, OUT_OF_RANGE);

export const lightChoice = z.strictObject(
  {
    angle: z.number({ error: OUT_OF_RANGE }).int(OUT_OF_RANGE).min(0, OUT_OF_RANGE).max(359, OUT_OF_RANGE),
    /** 0 a hard shadow with a crisp edge, 1 a soft one. */
    softness: share,
    /** 0 no cast shadow (the product still rests on the surface), 1 the darkest. */
    strength: share,
  },
  { error: 'validation.invalidOption' },
);
export type LightChoice = z.output<typeof lightChoice>;

/** The light as the form and the CLI show it by default: from the upper left, half soft, half strong. */
export const DEFAULT_LIGHT: LightChoice = { angle: 135, softness: 0.5, strength: 0.5 };
