import { describe, expect, it } from 'vitest';
import { checkFileName, checkUploadFile } from './upload-file';

const file = (overrides: Partial<{ name: string; size: number; type: string }> = {}) => ({
  name: 'produit.png',
  size: 200_000,
  type: 'image/png',
  ...overrides,
});

describe('image file rules (spec section 5)', () => {
  it('max 50 MB, min 100 bytes', () => {
    expect(checkUploadFile(file({ size: 50 * 1024 * 1024 + 1 }))).toBe('uploads.fileTooLarge');
    expect(checkUploadFile(file({ size: 50 * 1024 * 1024 }))).toBeUndefined();
    expect(checkUploadFile(file({ size: 99 }))).toBe('uploads.fileTooSmall');
    expect(checkUploadFile(file({ size: 100 }))).toBeUndefined();
  });
  it('JPEG, PNG, WebP or GIF only', () => {
    for (const type of ['image/jpeg', 'image/jpg', 'image/png', 'image/webp', 'image/gif']) {
      expect(checkUploadFile(file({ type }))).toBeUndefined();
    }
    for (const type of ['image/svg+xml', 'application/pdf', 'text/html', '']) {
      expect(checkUploadFile(file({ type }))).toBe('uploads.fileType');
    }
  });
  it.each([
    '../etc/passwd.png',
    'a/b.png',
    'a\\b.png',
    'bad\u0000.png',
    'x<y>.png',
    'what?.png',
    'star*.png',
    'c:drive.png',
    'pipe|.png',
    'quote".png',
    'shell.php',
    'run.exe',
    'page.html',
    'script.js',
    'batch.bat',
    'command.cmd',
    'screen.scr',
    'image.png.php',
    // Windows saves these as "x.php".
    'x.php.',
    'x.php ',
    'x.exe. .',
    // A C1 control character, and direction marks that make "photo\u202Egpj.exe" read "photoexe.jpg".
    'next\u0085line.png',
    'photo\u202Egpj.exe',
    'photo\u202Egnp.png',
    'isolate\u2067.png',
  ])('refuses a dangerous file name: %s', (name) =>
    expect(checkFileName(name)).toBe('uploads.fileNameDangerous'),
  );
  it('file names over 255 characters are too long', () => {
    expect(checkFileName(`${'a'.repeat(252)}.png`)).toBe('uploads.fileNameTooLong');
    expect(checkFileName(`${'a'.repeat(251)}.png`)).toBeUndefined();
  });
  it('accepts ordinary names with accents and spaces', () => {
    expect(checkFileName('Crème brûlée – photo 1.jpg')).toBeUndefined();
    // Hebrew with a right-to-left mark, which cannot reorder the name.
    expect(checkFileName('\u05EA\u05DE\u05D5\u05E0\u05D4\u200F.jpg')).toBeUndefined();
  });
});
