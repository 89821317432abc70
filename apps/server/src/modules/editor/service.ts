/**
 * The image editor's saved documents (contract in packages/shared/src/api/editor.ts): one per image of
 * a finished generation, read and replaced by its owner. A logo no saved document uses any more is
 * deleted with its files by the daily retention job, a day after it was last used or dropped (spec:
 * "Removing a logo deletes its uploaded file"; the day leaves the user's undo something to restore).
 */
import { randomUUID } from 'node:crypto';
import {
  EMPTY_EDITOR_DOCUMENT,
  NEW_EDIT,
  type EditorDocument,
  type EditorDocumentResponse,
} from '@vitrine/shared/api/editor';
import { storedTextLayers, type StoredTextLayer } from '@vitrine/shared/api/text-layers';
import type { Lang } from '@vitrine/shared/locale';
import type { Database, Queryable } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Storage } from '../storage/storage';
import { findResultImages, findStatus } from '../generations/repository';
import { lockOwn, markUsed } from '../uploads/repository';
import { brandLogoLayer, brandLogoOf, type BrandLogo } from './brand-logo';
import * as edits from './repository';

type Deps = { database: Database; storage: Storage };

/**
 * The result (user_image_generations row) holding image `image` of the user's generation `id`, given
 * either the generation's id or the result's own.
 */
export async function editableImage(
  database: Queryable,
  userId: string,
  id: string,
  image: number,
): Promise<{ resultId: string; image: StoredImage }> {
  const result = await findResultImages(database, userId, id);
  if (!result) {
    const status = await findStatus(database, userId, id);
    if (!status) throw new AppError('NOT_FOUND');
    if (status === 'pending' || status === 'processing') throw new AppError('GENERATION_NOT_COMPLETED');
    throw new AppError('NOT_FOUND', { messageKey: 'generations.editImageMissing' });
  }
  const stored = Array.isArray(result.images) ? (result.images as Record<string, unknown>[]) : [];
  const entry = stored[image];
  if (typeof entry?.key !== 'string')
    throw new AppError('NOT_FOUND', { messageKey: 'generations.editImageMissing' });
  return { resultId: result.id, image: storedImageOf(entry, entry.key) };
}

/** An image as stored with its result: its file, and its plate and text layers when it has them. */
export type StoredImage = {
  key: string;
  width: number;
  height: number;
  /** Null for images made before plates were kept. */
  plateKey: string | null;
  layers: StoredTextLayer[];
  /** The brand kit's logo, drawn on the image and not on its plate; null without a plate. */
  brandLogo: BrandLogo | null;
};

function storedImageOf(entry: Record<string, unknown>, key: string): StoredImage {
  const layers = storedTextLayers.safeParse(entry.layers);
  const plateKey = typeof entry.plateKey === 'string' && layers.success ? entry.plateKey : null;
  return {
    key,
    width: typeof entry.width === 'number' ? entry.width : 0,
    height: typeof entry.height === 'number' ? entry.height : 0,
    plateKey,
    layers: plateKey && layers.success ? layers.data : [],
    brandLogo: plateKey ? brandLogoOf(entry.brand) : null,
  };
}

/** The route that serves an image's plate, or null for an image made before plates were kept. */
export const platePath = (resultId: string, image: number, stored: StoredImage) =>
  stored.plateKey ? `/api/generations/${resultId}/plate?image=${image}` : null;

/**
 * The saved document, or the one an image opens with: over its plate with its slogan and tagline (and
 * the brand kit's logo) as layers when it has them, else empty over the image. A logo deleted or
 * expired since is left out.
 */
export async function readEdit(
  database: Database,
  userId: string,
  resultId: string,
  image: number,
  stored: StoredImage,
  lang: Lang,
): Promise<EditorDocumentResponse> {
  const row = await edits.find(database, resultId, image);
  const plate = platePath(resultId, image, stored);
  const language = textLanguage(stored, lang);
  if (!row)
    return {
      document: await openingDocument(database, userId, stored),
      savedAt: null,
      version: null,
      plate,
      language,
    };
  const document = row.logoAvailable ? row.document : { ...row.document, logo: null };
  return { document, savedAt: new Date(row.savedAt).toISOString(), version: row.version, plate, language };
}

/** The language an image's texts are set in: its own texts', else the one the request speaks. */
export const textLanguage = (stored: StoredImage, lang: Lang): Lang => stored.layers[0]?.language ?? lang;

/** Over the plate, its texts and the brand's logo (while its upload is kept) open as layers. */
async function openingDocument(
  database: Queryable,
  userId: string,
  stored: StoredImage,
): Promise<EditorDocument> {
  if (!stored.plateKey) return EMPTY_EDITOR_DOCUMENT;
  const logo = stored.brandLogo && (await brandLogoLayer(database, userId, stored.brandLogo, stored));
  if (stored.layers.length === 0 && !logo) return EMPTY_EDITOR_DOCUMENT;
  const { textViewOf } = await import('./text-layers');
  const texts = stored.layers.map((layer) => textViewOf(layer, stored));
  return { version: 2, background: 'plate', logo: logo ?? null, texts };
}

/** Checks that the logo is one of the user's unexpired logos and counts this as a use of it. */
/** A refused logo: the translated message, on the document's `logo` field. */
export const invalidLogo = (key: 'validation.editorLogo' | 'generations.editLogoGone') =>
  new AppError('VALIDATION_FAILED', { messageKey: key, fields: { logo: { key } } });

/**
 * Checks that `uploadId` is one of the user's logos and still kept (locked, inside a transaction);
 * otherwise the translated 400. Saving a document and exporting it both ask.
 */
export async function checkLogo(db: Queryable, userId: string, uploadId: string): Promise<void> {
  const upload = await lockOwn(db, userId, uploadId);
  if (!upload || upload.role !== 'logo') throw invalidLogo('validation.editorLogo');
  if (!upload.fresh) throw invalidLogo('generations.editLogoGone');
}

async function useLogo(tx: Queryable, userId: string, uploadId: string): Promise<void> {
  await checkLogo(tx, userId, uploadId);
  await markUsed(tx, userId, uploadId);
}

/**
 * Replaces the document of image `image` of result `resultId`. The user's saves are serialised (an
 * advisory lock) so that a logo is never deleted while another save of theirs starts using it.
 */
export async function saveEdit(
  deps: Deps,
  userId: string,
  resultId: string,
  image: number,
  document: EditorDocument,
  versions: {
    /**
     * The versions the save may have been made from (NEW_EDIT for a document never saved): refused
     * with EDIT_CONFLICT when the stored one is none of them, saved meanwhile elsewhere. Two when the
     * save is chained to one still on its way (see NEW_EDIT's contract). Undefined: saved whatever is
     * stored.
     */
    basedOn?: string[];
    /** This save's own version, picked by the client; one is made when it is left out. */
    version?: string;
  } = {},
): Promise<Omit<EditorDocumentResponse, 'plate' | 'language'>> {
  const logoId = document.logo?.uploadId ?? null;
  const version = versions.version ?? randomUUID();
  const savedAt = await deps.database.transaction(async (tx) => {
    await edits.lockUserEdits(tx, userId);
    const previous = await edits.lockCurrent(tx, resultId, image);
    const current = previous?.version ?? NEW_EDIT;
    if (versions.basedOn !== undefined && !versions.basedOn.includes(current))
      throw new AppError('EDIT_CONFLICT');
    if (logoId) await useLogo(tx, userId, logoId);
    const savedAt = await edits.save(tx, {
      resultId,
      imageIndex: image,
      userId,
      document,
      logoUploadId: logoId,
      version,
    });
    // A logo this save drops is not deleted now: the user may undo. Its day of grace starts here, and
    // the daily retention job deletes it with its files once no saved document uses it.
    const dropped = previous?.logoUploadId;
    if (dropped && dropped !== logoId) await markUsed(tx, userId, dropped);
    return new Date(savedAt).toISOString();
  });
  return { document, savedAt, version };
}
