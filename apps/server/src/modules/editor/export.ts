/**
 * The edited image (docs/decisions/046): the document's logo and texts over the image's plate (or over
 * the composed image, for a document drawn over it or an image made before plates), its texts set by
 * the engine's typesetting at the image's full resolution. Nothing is stored.
 */
import { LOGO_WIDTH_FACTOR, type EditorDocument } from '@vitrine/shared/api/editor';
import type { Lang } from '@vitrine/shared/locale';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { readAll, type Storage } from '../storage/storage';
import { findOwn } from '../uploads/repository';
import { checkLogo, invalidLogo, textLanguage, type StoredImage } from './service';

type Deps = { database: Database; storage: Storage };

/** The logo's file, when it is one of the user's unexpired logos. */
async function logoFile(deps: Deps, userId: string, uploadId: string): Promise<Buffer> {
  await checkLogo(deps.database, userId, uploadId);
  const file = await findOwn(deps.database, userId, uploadId);
  // Gone between the two reads: as if it had expired.
  if (!file) throw invalidLogo('generations.editLogoGone');
  return readAll(deps.storage, file.storageKey);
}

export async function exportEdit(
  deps: Deps,
  userId: string,
  image: StoredImage,
  document: EditorDocument,
  language: Lang,
): Promise<Buffer> {
  const onPlate = document.background === 'plate' && image.plateKey !== null;
  const background = await readAll(deps.storage, onPlate ? image.plateKey! : image.key).catch(() => {
    throw new AppError('NOT_FOUND', { messageKey: 'generations.editImageMissing' });
  });
  const logo = document.logo && {
    file: await logoFile(deps, userId, document.logo.uploadId),
    x: (document.logo.x / 100) * image.width,
    y: (document.logo.y / 100) * image.height,
    width: (document.logo.size / 100) * LOGO_WIDTH_FACTOR * image.width,
  };
  const [{ renderEdit }, { engineLayersOf }, { isEngineError }] = await Promise.all([
    import('@vitrine/engine/local/edit'),
    import('./text-layers'),
    import('@vitrine/engine/errors'),
  ]);
  const drawn = { ...document, background: onPlate ? ('plate' as const) : ('image' as const) };
  const layers = engineLayersOf(drawn, image.layers, image, textLanguage(image, language));
  try {
    // The spec's edited download is a PNG.
    return (await renderEdit(background, layers, logo, 'png')).file;
  } catch (error) {
    // The only file from the user is the logo: one the engine cannot read is refused as bad input.
    if (logo && isEngineError(error) && error.code.startsWith('IMAGE_'))
      throw invalidLogo('validation.editorLogo');
    throw error;
  }
}
