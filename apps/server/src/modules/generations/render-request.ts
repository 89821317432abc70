/**
 * What a generation's `request` column holds: the validated request the render job renders from, and
 * for Fusion the storage keys of its photos: the product's, and the context photo's or, instead, the
 * id of the ready-made scene chosen. With the brand kit applied, a copy of it as it was when the
 * generation started (`brand`), its logo by upload id and storage key. The uploads module keeps those
 * files while the generation needs them (generations/repository.ts, uploadInUse), so the keys' names
 * are part of its contract.
 */
import { z } from 'zod';
import { expressRequest, FUSION_TYPOGRAPHIES, fusionRequest } from '@vitrine/shared/api/generation';

export const brandSnapshot = z.object({
  colours: z.array(z.string()).min(1),
  typography: z.enum(FUSION_TYPOGRAPHIES).nullable(),
  signature: z.string().nullable(),
  logo: z.object({ uploadId: z.string(), key: z.string() }).nullable(),
});
export type BrandSnapshot = z.output<typeof brandSnapshot>;

export const fusionRenderRequest = z.object({
  request: fusionRequest,
  productKey: z.string(),
  contextKey: z.string().optional(),
  sceneId: z.string().optional(),
  brand: brandSnapshot.optional(),
});
export const expressRenderRequest = z.object({ request: expressRequest, brand: brandSnapshot.optional() });

export type FusionRenderRequest = z.output<typeof fusionRenderRequest>;
export type ExpressRenderRequest = z.output<typeof expressRenderRequest>;
