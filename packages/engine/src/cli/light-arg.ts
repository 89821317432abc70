/**
 * The CLI's light and reflection: `--light angle=135,softness=0.6,strength=0.5` (any key left out
 * takes the form's default; `auto` leaves the light to the scene) and `--reflection on|off|auto`, in
 * the request's terms. A value that is not one is returned as is, for the request's check to refuse.
 */
import { DEFAULT_LIGHT, type Reflection } from '@vitrine/shared/api/light';

const KEYS = ['angle', 'softness', 'strength'] as const;

export function lightArg(value: string | undefined): unknown {
  if (value === undefined || value === 'auto') return undefined;
  const light: Record<string, unknown> = { ...DEFAULT_LIGHT };
  for (const pair of value.split(',')) {
    const [key, raw] = pair.split('=').map((part) => part.trim());
    if (!KEYS.includes(key as (typeof KEYS)[number]) || raw === undefined || raw === '') return value;
    light[key!] = Number(raw);
  }
  return light;
}

const REFLECTION_ARGS: Record<string, Reflection> = { on: 'oui', off: 'non', auto: 'automatique' };

export function reflectionArg(value: string | undefined): unknown {
  return value === undefined ? undefined : (REFLECTION_ARGS[value] ?? value);
}
