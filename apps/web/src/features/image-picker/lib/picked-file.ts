/**
 * The one file taken from a file dialog or a drop (spec section 5: one file at once), checked with the
 * shared upload rules before anything is sent. The drop reasons are the spec's: file-invalid-type,
 * file-too-large, file-too-small, too-many-files.
 */
import type { MessageKey } from '@vitrine/shared/i18n/catalog';
import { checkUploadFile } from '@vitrine/shared/validation/upload-file';

type FileLike = { name: string; size: number; type: string };

export type PickResult<F extends FileLike> = { file: F } | { error: MessageKey } | null;

export function pickFile<F extends FileLike>(files: ArrayLike<F> | null | undefined): PickResult<F> {
  if (!files || files.length === 0) return null;
  if (files.length > 1) return { error: 'uploads.tooManyFiles' };
  const file = files[0]!;
  const error = checkUploadFile(file);
  return error ? { error } : { file };
}

/** The file input's `accept`: the spec's image types. */
export const ACCEPTED_TYPES = 'image/jpeg,image/png,image/webp,image/gif';
