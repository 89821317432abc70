/**
 * The "Lumière / Light" section of the Fusion form: the light left automatic (read from the scene) or
 * chosen (a direction among the eight of the dial, a shadow's softness and strength), the reflection,
 * and the one line that says what is chosen while the section is closed.
 */
import type { TFunction } from 'i18next';
import { DEFAULT_LIGHT, LIGHT_ANGLES, type LightChoice, type Reflection } from '@vitrine/shared/api/light';
import type { MessageKey } from '@vitrine/shared/i18n/catalog';

export type LightAngle = (typeof LIGHT_ANGLES)[number];

/** Each dial position named as the picture shows it (0 from the right, counter-clockwise). */
export const LIGHT_ANGLE_LABELS = {
  0: 'fusion.light.angles.right',
  45: 'fusion.light.angles.topRight',
  90: 'fusion.light.angles.top',
  135: 'fusion.light.angles.topLeft',
  180: 'fusion.light.angles.left',
  225: 'fusion.light.angles.bottomLeft',
  270: 'fusion.light.angles.bottom',
  315: 'fusion.light.angles.bottomRight',
} as const satisfies Record<LightAngle, MessageKey>;

export const REFLECTION_LABELS = {
  automatique: 'fusion.light.reflections.auto',
  oui: 'fusion.light.reflections.on',
  non: 'fusion.light.reflections.off',
} as const satisfies Record<Reflection, MessageKey>;

/**
 * Where a dial position sits, as fractions of the dial's radius from its centre (x to the right, y
 * down, as the screen counts): the top of the dial is the top of the picture.
 */
export function dialPoint(angle: number): { x: number; y: number } {
  const radians = (angle * Math.PI) / 180;
  // Rounded so that 90° sits exactly on the axis (cos 90° is 6e-17, not 0).
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return { x: round(Math.cos(radians)), y: round(-Math.sin(radians)) };
}

/** The dial position nearest a light's angle (any whole degree is a light the server accepts). */
export function nearestDialAngle(angle: number): LightAngle {
  const step = Math.round((((angle % 360) + 360) % 360) / 45) % LIGHT_ANGLES.length;
  return LIGHT_ANGLES[step]!;
}

/**
 * A control of the light touched: the light becomes chosen, the default light's values standing for
 * those not touched yet.
 */
export function chooseLight(current: LightChoice | null, change: Partial<LightChoice>): LightChoice {
  return { ...(current ?? DEFAULT_LIGHT), ...change };
}

/** The shadow's edge in a word: crisp up to a third, soft from two thirds. */
export function softnessWord(softness: number): MessageKey {
  if (softness < 1 / 3) return 'fusion.light.softnessWords.crisp';
  if (softness <= 2 / 3) return 'fusion.light.softnessWords.medium';
  return 'fusion.light.softnessWords.soft';
}

/** A share of 0–1 as a whole percentage. */
export const percent = (share: number) => Math.round(share * 100);

/**
 * What the closed section says is chosen: "Automatique", or "En haut à gauche, ombre douce, 50 %";
 * a reflection chosen is added ("…, sans reflet").
 */
export function lightSummary(t: TFunction, light: LightChoice | null, reflection: Reflection): string {
  const base = light
    ? t('fusion.light.summary', {
        direction: t(LIGHT_ANGLE_LABELS[nearestDialAngle(light.angle)]),
        softness: t(softnessWord(light.softness)),
        strength: percent(light.strength),
      })
    : t('fusion.light.automatic');
  if (reflection === 'oui') return t('fusion.light.summaryReflectionOn', { light: base });
  if (reflection === 'non') return t('fusion.light.summaryReflectionOff', { light: base });
  return base;
}
