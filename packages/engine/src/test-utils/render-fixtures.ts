/** Shared inputs for render tests: one studio product, one busy-background product, one scene. */
import { fusionRequest, type FusionRequestInput } from '@vitrine/shared/api/generation';
import { prepareContext, prepareProduct } from '../local/prepare';
import { productPhoto, sceneJpeg } from '../samples/synthetic';

export const baseRequest = (input: Partial<FusionRequestInput> = {}) =>
  fusionRequest.parse({
    position: 'centré',
    style: 'photo réaliste',
    palette: 'chaude',
    typography: 'moderne',
    format: 'carré',
    variants: 1,
    ...input,
  });

export async function renderInputs() {
  const [studio, busy, context] = await Promise.all([
    productPhoto('bottle', 'studio-grey', 2.5).then(prepareProduct),
    productPhoto('jar', 'busy', 2).then(prepareProduct),
    sceneJpeg().then(prepareContext),
  ]);
  return { studio, busy, context };
}
