import { describe, expect, it } from 'vitest';
import { checkImageUrl, sanitizeUrlText } from './image-url';

const error = (raw: string) => {
  const result = checkImageUrl(raw);
  return result.ok ? undefined : result.error;
};

describe('image URL rules (spec section 5)', () => {
  it('empty: URL cannot be empty', () => {
    expect(error('')).toBe('uploads.urlEmpty');
    expect(error('   ')).toBe('uploads.urlEmpty');
  });
  it('over 2048 characters: URL too long', () => {
    expect(error(`https://images.example.com/${'a'.repeat(2040)}.png`)).toBe('uploads.urlTooLong');
  });
  it('unparseable: Invalid URL format', () => {
    expect(error('not a url')).toBe('uploads.urlInvalid');
    expect(error('https://')).toBe('uploads.urlInvalid');
  });
  it('must use HTTPS', () => {
    expect(error('http://images.example.com/a.png')).toBe('uploads.urlNotHttps');
    expect(error('ftp://images.example.com/a.png')).toBe('uploads.urlNotHttps');
    expect(error('javascript:alert(1)//a.png')).toBe('uploads.urlNotHttps');
  });
  it.each([
    'https://localhost/a.png',
    'https://app.localhost/a.png',
    'https://127.0.0.1/a.png',
    'https://127.1/a.png',
    'https://0x7f.1/a.png',
    'https://2130706433/a.png',
    'https://[::1]/a.png',
    'https://[::ffff:127.0.0.1]/a.png',
    'https://169.254.169.254/latest/meta-data/a.png',
    'https://metadata.google.internal/a.png',
    'https://10.1.2.3/a.png',
    'https://172.16.0.5/a.png',
    'https://192.168.0.10/a.png',
    'https://printer.local/a.png',
    'https://intranet/a.png',
    'https://user:pass@images.example.com/a.png',
  ])('refuses private network and metadata URLs: %s', (url) => {
    expect(error(url)).toBe('uploads.urlPrivate');
  });
  it('must look like an image: an image extension, a known image service, or a format parameter', () => {
    expect(error('https://shop.example.com/product/42')).toBe('uploads.urlNotImage');
    expect(error('https://shop.example.com/p/42.JPG')).toBeUndefined();
    expect(error('https://shop.example.com/p/42.tiff?size=large')).toBeUndefined();
    expect(error('https://images.unsplash.com/photo-1523275335684')).toBeUndefined();
    expect(error('https://bucket.s3.eu-west-3.amazonaws.com/abc')).toBeUndefined();
    expect(error('https://cdn.example.com/render?id=4&format=webp')).toBeUndefined();
  });
  it('sanitises the text: strips <>"\' and control characters, collapses spaces, trims, keeps query separators', () => {
    expect(sanitizeUrlText('  https://a.example/<b>x"y\'.png\u0000  ')).toBe('https://a.example/bxy.png');
    expect(sanitizeUrlText('a \t\n b')).toBe('a b');
    expect(sanitizeUrlText('https://a.example/i?w=1&fm=png')).toBe('https://a.example/i?w=1&fm=png');
  });
});
