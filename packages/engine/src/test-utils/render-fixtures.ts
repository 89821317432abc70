/**
 * Shared inputs for render tests: one studio product, one product photographed in front of a busy
 * shelf (cut out by the subject segmentation), the same photo used whole (the user's choice: a framed
 * print), and one scene.
 */
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
  const busyPhoto = productPhoto('jar', 'busy', 2);
  const [studio, busy, framed, context] = await Promise.all([
    productPhoto('bottle', 'studio-grey', 2.5).then((photo) => prepareProduct(photo)),
    busyPhoto.then((photo) => prepareProduct(photo)),
    busyPhoto.then((photo) =>
      prepareProduct(photo, { stored: { framed: true, reason: 'whole-photo', confidence: 1 } }),
    ),
    sceneJpeg().then((photo) => prepareContext(photo)),
  ]);
  return { studio, busy, framed, context };
}
