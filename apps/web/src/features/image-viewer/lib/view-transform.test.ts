import { describe, expect, it } from 'vitest';
import { clampView, FIT, MAX_SCALE, panBy, zoomAt } from './view-transform';

const stage = { width: 400, height: 800 };
const fitted = { width: 400, height: 400 };

describe('the zoomable viewer', () => {
  it('zooms around the point under the pointer: that point stays where it was', () => {
    const point = { x: 100, y: -50 };
    const view = zoomAt(FIT, 2, point, fitted, { width: 400, height: 400 });
    expect(view.scale).toBe(2);
    // The image point under (100, -50) was (100, -50) at scale 1; at scale 2 it is drawn at 2p + offset.
    expect(2 * 100 + view.x).toBeCloseTo(100);
    expect(2 * -50 + view.y).toBeCloseTo(-50);
  });

  it('never shows less than the fitted image, nor more than the largest zoom', () => {
    expect(zoomAt(FIT, 0.5, { x: 0, y: 0 }, fitted, stage)).toEqual(FIT);
    expect(zoomAt(FIT, 100, { x: 0, y: 0 }, fitted, stage).scale).toBe(MAX_SCALE);
  });

  it('pans a zoomed image, but not past its edges', () => {
    const zoomed = { scale: 2, x: 0, y: 0 };
    // 800 px wide in a 400 px stage: 200 px of room either side; 800 px tall in 800 px: none.
    expect(panBy(zoomed, 1000, 1000, fitted, stage)).toEqual({ scale: 2, x: 200, y: 0 });
    expect(panBy(zoomed, -150, 0, fitted, stage)).toEqual({ scale: 2, x: -150, y: 0 });
  });

  it('a fitted image does not move', () => {
    expect(panBy(FIT, 50, 50, fitted, stage)).toEqual(FIT);
    expect(clampView({ scale: 0.2, x: 30, y: 30 }, fitted, stage)).toEqual(FIT);
  });
});
