/**
 * The CLI's light and reflection: `--light angle=135,softness=0.6,strength=0.5` (any key left out
 * takes the form's default; `auto` leaves the light to the scene) and `--reflection on|off|auto`, in
 * the request's terms. A value that is not one is returned as is, for the request's check to refuse.
 */
import { DEFAULT_LIGHT, type Reflection } from '@vitrine/shared/api/light';

const KEYS = ['angle', 'softness', 'strength'] as const;
const NUMBER = /^-?\d+(\.\d+)?$/;

export function lightArg(value: string | undefined): unknown {
  if (value === undefined || value === 'auto') return undefined;
  const light: Record<string, unknown> = { ...DEFAULT_LIGHT };
  const given = new Set<string>();
  for (const pair of value.split(',')) {
    const parts = pair.split('=').map((part) => part.trim());
    const [key, raw] = parts;
    const known = KEYS.includes(key as (typeof KEYS)[number]);
    // One value per key, written as a plain decimal number.
    if (parts.length !== 2 || !known || given.has(key!) || !NUMBER.test(raw!)) return value;
    given.add(key!);
    light[key!] = Number(raw);
  }
  return light;
}

const REFLECTION_ARGS: Record<string, Reflection> = { on: 'oui', off: 'non', auto: 'automatique' };

export function reflectionArg(value: string | undefined): unknown {
  return value === undefined ? undefined : (REFLECTION_ARGS[value] ?? value);
}
