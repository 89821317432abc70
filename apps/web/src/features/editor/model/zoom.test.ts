import { describe, expect, it } from 'vitest';
import { editorReducer, initialEditorState } from './reducer';
import { zoomPercent } from './zoom';

function zoomTimes(width: number, type: 'zoomIn' | 'zoomOut', times: number) {
  let state = initialEditorState(width);
  for (let i = 0; i < times; i += 1) state = editorReducer(state, { type });
  return state;
}

describe('zoom (spec sections 4 and 9)', () => {
  it('starts at 1 and steps by 0.2', () => {
    expect(initialEditorState(1280).zoom).toBe(1);
    expect(zoomTimes(1280, 'zoomIn', 1).zoom).toBe(1.2);
    expect(zoomTimes(1280, 'zoomOut', 1).zoom).toBe(0.8);
  });

  it('goes from 0.5 to 3 on a larger screen', () => {
    expect(zoomTimes(1280, 'zoomIn', 20).zoom).toBe(3);
    expect(zoomTimes(1280, 'zoomOut', 20).zoom).toBe(0.5);
  });

  it('stops at 1.5 on a phone (under 768 px)', () => {
    expect(zoomTimes(390, 'zoomIn', 20).zoom).toBe(1.5);
    expect(zoomTimes(767, 'zoomIn', 20).zoom).toBe(1.5);
  });

  it('a zoom past 1.5 comes down to 1.5 when the window narrows to a phone', () => {
    const wide = zoomTimes(1280, 'zoomIn', 10);
    expect(editorReducer(wide, { type: 'setViewport', width: 390 }).zoom).toBe(1.5);
  });

  it('the label is the rounded percentage', () => {
    expect(zoomPercent(zoomTimes(1280, 'zoomIn', 3).zoom)).toBe(160);
    expect(zoomPercent(0.7000000000000001)).toBe(70);
  });
});

describe('panels (spec section 2, image editor)', () => {
  it('both side panels are open on a larger screen and collapsed under 768 px', () => {
    expect(initialEditorState(1280).panels).toEqual({ left: true, right: true });
    expect(initialEditorState(390).panels).toEqual({ left: false, right: false });
    expect(initialEditorState(768).mobile).toBe(false);
  });

  it('the top bar toggles each panel', () => {
    const state = editorReducer(initialEditorState(1280), { type: 'togglePanel', side: 'left' });
    expect(state.panels).toEqual({ left: false, right: true });
  });

  it('New text opens the left panel (its form) even on a phone', () => {
    expect(editorReducer(initialEditorState(390), { type: 'newText' }).panels.left).toBe(true);
  });
});
