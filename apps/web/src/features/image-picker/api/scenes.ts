/**
 * GET /api/scenes: the ready-made scenes ("Nos décors / Our scenes") a context picker offers beside
 * the upload. The list changes only with a deployment: it is read once per visit.
 */
import { useQuery } from '@tanstack/react-query';
import type { FusionPalette } from '@vitrine/shared/api/generation';
import type { SceneSummary, ScenesResponse } from '@vitrine/shared/api/scenes';
import { api } from '../../../lib/api-client';
import { currentLang } from '../../../lib/current-lang';

export const scenesQueryKey = ['scenes'] as const;

export function useScenes() {
  return useQuery({
    queryKey: scenesQueryKey,
    queryFn: () => api<ScenesResponse>('/api/scenes'),
    staleTime: Infinity,
  });
}

/** A scene's thumbnail; a studio sweep's is drawn in the palette the form has chosen. */
export const sceneThumbnail = (scene: SceneSummary, palette: FusionPalette) =>
  scene.studio ? `${scene.thumbnailUrl}?palette=${encodeURIComponent(palette)}` : scene.thumbnailUrl;

/** The scene's name in the interface's language. */
export const sceneName = (scene: SceneSummary) => scene.name[currentLang()];
