import { describe, expect, it } from 'vitest';
import { CUTOUT_LIMITS, cutoutCorrections } from '@vitrine/shared/api/cutout';
import {
  add,
  boxBetween,
  brushRadius,
  canUndo,
  fromSaved,
  insideRuns,
  KEYBOARD_BOX,
  lastBox,
  NO_CORRECTIONS,
  nudgeBox,
  thin,
  toFraction,
  toRequest,
  undo,
  withinLimits,
  type Point,
} from './corrections';

const frame = { left: 100, top: 50, width: 400, height: 200 };

describe('cut-out corrections', () => {
  it('a pointer position becomes a fraction of the photo, held inside it', () => {
    expect(toFraction(300, 150, frame)).toEqual([0.5, 0.5]);
    expect(toFraction(50, 400, frame)).toEqual([0, 1]);
    expect(toFraction(600, 0, frame)).toEqual([1, 0]);
  });

  it('for a stroke, a position outside the photo is kept as it is (the stroke is cut off there)', () => {
    expect(toFraction(700, 150, frame, false)).toEqual([1.5, 0.5]);
  });

  it('a stroke painted past the edge is cut where it leaves the photo and starts again where it comes back', () => {
    const runs = insideRuns([
      [0.5, 0.5],
      [0.9, 0.5],
      [1.3, 0.5],
      [1.3, 0.1],
      [0.8, 0.1],
      [0.6, 0.1],
    ]);
    expect(runs).toHaveLength(2);
    expect(runs[0]).toEqual([
      [0.5, 0.5],
      [0.9, 0.5],
      [1, 0.5],
    ]);
    expect(runs[1]![0]![0]).toBeCloseTo(1);
    expect(runs[1]![0]![1]).toBeCloseTo(0.1);
    expect(runs[1]!.slice(1)).toEqual([
      [0.8, 0.1],
      [0.6, 0.1],
    ]);
    // Nothing of it runs along the edge, and every point is inside the photo (the server refuses others).
    for (const point of runs.flat()) for (const v of point) expect(v >= 0 && v <= 1).toBe(true);
    // A path wholly outside leaves nothing; a tap inside stays one point.
    expect(insideRuns([[0.5, 0.5]])).toEqual([[[0.5, 0.5]]]);
    expect(
      insideRuns([
        [1.2, 0.5],
        [1.4, 0.6],
      ]),
    ).toEqual([]);
  });

  it('a box drawn with the keyboard: arrows move it, Shift with arrows resizes it, always inside the photo', () => {
    const moved = nudgeBox(KEYBOARD_BOX, 'ArrowRight', false)!;
    expect(moved.x).toBeCloseTo(0.22);
    expect(moved.width).toBeCloseTo(0.6);
    const grown = nudgeBox(KEYBOARD_BOX, 'ArrowDown', true)!;
    expect(grown.height).toBeCloseTo(0.62);
    expect(grown.y).toBeCloseTo(0.2);
    let box = KEYBOARD_BOX;
    for (let i = 0; i < 40; i++) box = nudgeBox(box, 'ArrowLeft', false)!;
    expect(box.x).toBe(0);
    for (let i = 0; i < 60; i++) box = nudgeBox(box, 'ArrowUp', true)!;
    expect(box.height).toBeGreaterThanOrEqual(CUTOUT_LIMITS.minBoxSide);
    for (let i = 0; i < 60; i++) box = nudgeBox(box, 'ArrowRight', true)!;
    expect(box.x + box.width).toBeLessThanOrEqual(1);
    expect(cutoutCorrections.safeParse({ box, strokes: [] }).success).toBe(true);
    expect(nudgeBox(KEYBOARD_BOX, 'a', false)).toBeNull();
    // A narrow box drawn against the right edge: made wider it grows leftwards, made taller it keeps
    // its width, and the server takes both.
    const edge = { x: 0.985, y: 0.5, width: 0.015, height: 0.2 };
    const wider = nudgeBox(edge, 'ArrowRight', true)!;
    expect(wider.x + wider.width).toBeLessThanOrEqual(1);
    expect(wider.width).toBeCloseTo(0.035);
    const taller = nudgeBox(edge, 'ArrowDown', true)!;
    expect(taller.width).toBe(0.015);
    expect(taller.height).toBeCloseTo(0.22);
    for (const next of [wider, taller])
      expect(cutoutCorrections.safeParse({ box: next, strokes: [] }).success).toBe(true);
  });

  it('the box that counts is the last one drawn', () => {
    const first = { x: 0.1, y: 0.1, width: 0.5, height: 0.5 };
    const second = { x: 0.2, y: 0.2, width: 0.3, height: 0.3 };
    let state = add(NO_CORRECTIONS, { kind: 'box', box: first });
    state = add(state, { kind: 'keep', radius: 0.02, points: [[0.3, 0.3]] });
    expect(lastBox(state)).toEqual(first);
    expect(lastBox(add(state, { kind: 'box', box: second }))).toEqual(second);
    expect(lastBox(NO_CORRECTIONS)).toBeNull();
  });

  it('a box can be dragged in any direction, and a slip of the finger makes no box', () => {
    expect(boxBetween([0.8, 0.7], [0.2, 0.1])).toEqual({
      x: 0.2,
      y: 0.1,
      width: 0.6000000000000001,
      height: 0.6,
    });
    expect(boxBetween([0.5, 0.5], [0.502, 0.9])).toBeNull();
    expect(boxBetween([0.5, 0.5], [0.5, 0.5])).toBeNull();
  });

  it('long strokes are thinned but keep their ends, and stay within the per-stroke limit', () => {
    const points: Point[] = Array.from({ length: 5000 }, (_, i) => [i / 5000, 0.5]);
    const thinned = thin(points, 0.005);
    expect(thinned[0]).toEqual([0, 0.5]);
    expect(thinned.at(-1)).toEqual([4999 / 5000, 0.5]);
    expect(thinned.length).toBeLessThanOrEqual(CUTOUT_LIMITS.pointsPerStroke);
    expect(thinned.length).toBeGreaterThan(150);
  });

  it('the brush radius stays within what the server takes', () => {
    expect(brushRadius(0)).toBe(CUTOUT_LIMITS.minRadius);
    expect(brushRadius(1)).toBe(CUTOUT_LIMITS.maxRadius);
    expect(brushRadius(0.03)).toBe(0.03);
  });

  it('undo takes back the last correction, whatever it was', () => {
    let state = add(NO_CORRECTIONS, { kind: 'box', box: { x: 0.1, y: 0.1, width: 0.5, height: 0.5 } });
    state = add(state, { kind: 'keep', radius: 0.02, points: [[0.3, 0.3]] });
    expect(canUndo(state)).toBe(true);
    state = undo(state);
    expect(toRequest(state)).toEqual({ box: { x: 0.1, y: 0.1, width: 0.5, height: 0.5 }, strokes: [] });
    state = undo(state);
    expect(canUndo(state)).toBe(false);
    expect(toRequest(state)).toEqual({ strokes: [] });
  });

  it('the request has the last box drawn and every stroke in order, and the server contract accepts it', () => {
    let state = add(NO_CORRECTIONS, { kind: 'box', box: { x: 0, y: 0, width: 0.5, height: 0.5 } });
    state = add(state, {
      kind: 'remove',
      radius: 0.02,
      points: [
        [0.2, 0.2],
        [0.3, 0.3],
      ],
    });
    state = add(state, { kind: 'box', box: { x: 0.1, y: 0.2, width: 0.8, height: 0.7 } });
    state = add(state, { kind: 'keep', radius: 0.05, points: [[0.5, 0.5]] });
    const request = toRequest(state);
    expect(request.box).toEqual({ x: 0.1, y: 0.2, width: 0.8, height: 0.7 });
    expect(request.strokes.map((s) => s.kind)).toEqual(['remove', 'keep']);
    expect(cutoutCorrections.safeParse(request).success).toBe(true);
  });

  it('corrections saved on the server come back as a list to continue from', () => {
    const saved = {
      box: { x: 0.1, y: 0.1, width: 0.5, height: 0.5 },
      strokes: [{ kind: 'keep' as const, radius: 0.02, points: [[0.3, 0.3]] as [number, number][] }],
    };
    const state = fromSaved(saved);
    expect(state.items).toHaveLength(2);
    expect(toRequest(state)).toEqual(saved);
    expect(fromSaved(null).items).toEqual([]);
  });

  it('more strokes than the server takes are noticed before sending', () => {
    let state = NO_CORRECTIONS;
    for (let i = 0; i <= CUTOUT_LIMITS.strokes; i++)
      state = add(state, { kind: 'keep', radius: 0.02, points: [[0.5, 0.5]] });
    expect(withinLimits(state)).toBe(false);
    expect(withinLimits(undo(state))).toBe(true);
  });
});
