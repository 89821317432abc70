/** The spec's rules for an uploaded image file (section 5): size, type and file name. */

export const UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
export const UPLOAD_MIN_BYTES = 100;
export const FILENAME_MAX_LENGTH = 255;
export const ALLOWED_IMAGE_TYPES = [
  'image/jpeg',
  'image/jpg',
  'image/png',
  'image/webp',
  'image/gif',
] as const;

export type UploadFileError =
  | 'uploads.fileTooLarge'
  | 'uploads.fileTooSmall'
  | 'uploads.fileType'
  | 'uploads.fileNameDangerous'
  | 'uploads.fileNameTooLong';

/**
 * Path separators, reserved characters, control characters (C0 and C1), and the direction overrides
 * and isolates that make a name read otherwise than it is ("photo\u202Egpj.exe" shows as
 * "photoexe.jpg"). The plain marks (U+200E, U+200F) cannot reorder a name and are common in Hebrew and
 * Arabic ones: they are kept.
 */
const DANGEROUS_NAME =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  /(\.\.|[/\\]|[\u0000-\u001f\u007f-\u009f]|[\u202a-\u202e\u2066-\u2069]|[<>:"|?*])/;
const DANGEROUS_EXTENSION = /(php|js|html|exe|bat|cmd|scr)$/i;
/** Windows drops trailing dots and spaces from a name: "x.php." is saved as "x.php". */
const TRAILING_DOTS = /[. ]+$/;

export function checkFileName(name: string): UploadFileError | undefined {
  if (name.length > FILENAME_MAX_LENGTH) return 'uploads.fileNameTooLong';
  if (
    name.trim() === '' ||
    DANGEROUS_NAME.test(name) ||
    DANGEROUS_EXTENSION.test(name.replace(TRAILING_DOTS, ''))
  ) {
    return 'uploads.fileNameDangerous';
  }
  return undefined;
}

/** What the browser can check before sending; the server checks again, and judges the type by the bytes. */
export function checkUploadFile(file: {
  name: string;
  size: number;
  type: string;
}): UploadFileError | undefined {
  if (file.size > UPLOAD_MAX_BYTES) return 'uploads.fileTooLarge';
  if (file.size < UPLOAD_MIN_BYTES) return 'uploads.fileTooSmall';
  if (!(ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase()))
    return 'uploads.fileType';
  return checkFileName(file.name);
}
