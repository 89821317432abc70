/**
 * What a generation's `request` column holds: the validated request the render job renders from, and
 * for Fusion the storage keys of its photos: the product's, and the context photo's or, instead, the
 * id of the ready-made scene chosen. The uploads module keeps those photos while the generation needs
 * them (repository.ts, uploadInUse), so the keys' names are part of its contract.
 */
import { z } from 'zod';
import { expressRequest, fusionRequest } from '@vitrine/shared/api/generation';

export const fusionRenderRequest = z.object({
  request: fusionRequest,
  productKey: z.string(),
  contextKey: z.string().optional(),
  sceneId: z.string().optional(),
});
export const expressRenderRequest = z.object({ request: expressRequest });

export type FusionRenderRequest = z.output<typeof fusionRenderRequest>;
export type ExpressRenderRequest = z.output<typeof expressRenderRequest>;
