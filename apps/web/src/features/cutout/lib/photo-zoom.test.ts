import { describe, expect, it } from 'vitest';
import { clampZoom, MAX_ZOOM, scrollKeeping } from './photo-zoom';

describe('zooming the photo to correct a cut-out', () => {
  it('keeps the point between the fingers on the same spot of the photo', () => {
    // At zoom 1 the point 100 px from the left is photo pixel 100; at zoom 2 it is pixel 200, so the
    // view scrolls by 100 to keep it under the fingers.
    expect(scrollKeeping({ left: 0, top: 0 }, { x: 100, y: 50 }, 1, 2)).toEqual({ left: 100, top: 50 });
    expect(scrollKeeping({ left: 100, top: 50 }, { x: 100, y: 50 }, 2, 1)).toEqual({ left: 0, top: 0 });
  });

  it('goes from the fitted photo to four times larger, no further either way', () => {
    expect(clampZoom(0.5)).toBe(1);
    expect(clampZoom(10)).toBe(MAX_ZOOM);
    expect(MAX_ZOOM).toBe(4);
  });
});
