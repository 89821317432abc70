import { describe, expect, it } from 'vitest';
import { pickFile } from './picked-file';

const file = (over: Partial<{ name: string; size: number; type: string }> = {}) => ({
  name: 'produit.png',
  size: 20_000,
  type: 'image/png',
  ...over,
});

describe('picking an image file', () => {
  it('takes one valid image', () => {
    const one = file();
    expect(pickFile([one])).toEqual({ file: one });
  });

  it('does nothing when no file was given', () => {
    expect(pickFile([])).toBeNull();
    expect(pickFile(null)).toBeNull();
  });

  it('refuses more than one file at once (too-many-files)', () => {
    expect(pickFile([file(), file({ name: 'b.png' })])).toEqual({ error: 'uploads.tooManyFiles' });
  });

  it('refuses a wrong type, a file over 50 MB or under 100 bytes, and a dangerous name', () => {
    expect(pickFile([file({ type: 'application/pdf', name: 'a.pdf' })])).toEqual({
      error: 'uploads.fileType',
    });
    expect(pickFile([file({ size: 50 * 1024 * 1024 + 1 })])).toEqual({ error: 'uploads.fileTooLarge' });
    expect(pickFile([file({ size: 99 })])).toEqual({ error: 'uploads.fileTooSmall' });
    expect(pickFile([file({ name: 'photo.png.exe' })])).toEqual({ error: 'uploads.fileNameDangerous' });
  });
});
