import { describe, expect, it } from 'vitest';
import {
  absoluteUrl,
  DOWNLOAD_FILE_NAME,
  formatGroups,
  indexInFormat,
  initialImageIndex,
  previewUrl,
  resultImages,
} from './result-images';

const image = (index: number, sig = 'a') => ({
  url: `/api/images/r1/${index}?exp=100&sig=${sig}`,
  width: 1080,
  height: 1080,
});

describe('result images', () => {
  it('offers every variant of the result', () => {
    const result = { images: [image(0), image(1), image(2)], selectedImage: image(0).url };
    expect(resultImages(result)).toHaveLength(3);
  });

  it('opens on the selected image, matched by path whatever the link signature', () => {
    const result = { images: [image(0), image(1), image(2)], selectedImage: image(2, 'other').url };
    expect(initialImageIndex(result)).toBe(2);
  });

  it('opens on the first variant when the selected image is missing or not a variant', () => {
    expect(initialImageIndex({ images: [image(0), image(1)], selectedImage: null })).toBe(0);
    expect(
      initialImageIndex({ images: [image(0), image(1)], selectedImage: 'https://cdn.example/x.jpg' }),
    ).toBe(0);
  });

  it('falls back to the selected image alone when the result lists no variants', () => {
    const result = { images: [], selectedImage: 'https://cdn.example/x.jpg' };
    expect(resultImages(result)).toEqual([{ url: 'https://cdn.example/x.jpg', width: 0, height: 0 }]);
    expect(previewUrl(result)).toBe('https://cdn.example/x.jpg');
  });

  it('has no preview (N/A) when there is no image at all', () => {
    expect(previewUrl({ images: [], selectedImage: null })).toBeNull();
  });

  it('makes share links absolute and downloads a jpg named promotional image', () => {
    expect(absoluteUrl(image(1).url, 'https://vitrine.example')).toBe(
      'https://vitrine.example/api/images/r1/1?exp=100&sig=a',
    );
    expect(absoluteUrl('https://cdn.example/x.jpg', 'https://vitrine.example')).toBe(
      'https://cdn.example/x.jpg',
    );
    expect(DOWNLOAD_FILE_NAME).toBe('promotional image.jpg');
  });
});

describe('a result in every format', () => {
  const formats = ['story', 'story', 'carré', 'carré', 'marketplace'];
  const images = formats.map((format) => ({ format }));
  const groups = formatGroups(images);

  it('groups the images by format, the chosen format first', () => {
    expect(groups).toEqual([
      { format: 'story', indices: [0, 1] },
      { format: 'carré', indices: [2, 3] },
      { format: 'marketplace', indices: [4] },
    ]);
    // A result made before formats were recorded is one group.
    expect(formatGroups([{}, {}])).toEqual([{ format: undefined, indices: [0, 1] }]);
  });

  it('another format shows the same variant, or its last when it has fewer', () => {
    expect(indexInFormat(groups, 1, 'carré')).toBe(3);
    expect(indexInFormat(groups, 0, 'carré')).toBe(2);
    expect(indexInFormat(groups, 3, 'marketplace')).toBe(4);
    expect(indexInFormat(groups, 4, 'story')).toBe(0);
    expect(indexInFormat(groups, 2, 'bannière')).toBe(2);
  });
});
