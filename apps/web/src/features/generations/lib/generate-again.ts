/**
 * "Generate again with these settings": a result's settings travel to the form of its mode (Fusion or
 * Express) in the navigation's state, which the form reads once and clears.
 */
import type {
  ExpressSettingsUsed,
  FusionSettingsUsed,
  GenerationResult,
  GenerationSettingsUsed,
} from '@vitrine/shared/api/generations';
import { PAGE_PATHS } from '@vitrine/shared/routes';

export type AgainState<S extends GenerationSettingsUsed = GenerationSettingsUsed> = {
  again: S;
  /** When the generation being redone was made (ISO), for the form's notice. */
  generatedAt: string;
};

export const FORM_PATH = { fusion: PAGE_PATHS.fusion, express: PAGE_PATHS.express } as const;

/** Where the action leads and what it carries, or null when the result's settings are unknown. */
export function againLink(result: GenerationResult): { to: string; state: AgainState } | null {
  if (!result.settings) return null;
  return {
    to: FORM_PATH[result.settings.mode],
    state: { again: result.settings, generatedAt: result.generatedAt },
  };
}

type ByMode = { fusion: FusionSettingsUsed; express: ExpressSettingsUsed };

/** The settings a form was opened with, if the navigation carried some for its mode. */
export function readAgain<M extends keyof ByMode>(state: unknown, mode: M): AgainState<ByMode[M]> | null {
  if (!state || typeof state !== 'object') return null;
  const { again, generatedAt } = state as Partial<AgainState>;
  if (!again || typeof again !== 'object' || again.mode !== mode || typeof generatedAt !== 'string')
    return null;
  return { again: again as ByMode[M], generatedAt };
}
