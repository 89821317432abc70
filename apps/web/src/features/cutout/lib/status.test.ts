import { describe, expect, it } from 'vitest';
import { LOOK_CLOSER_BELOW, type CutoutView } from '@vitrine/shared/api/cutout';
import { hintOf, statusOf } from './status';

const view = (over: Partial<CutoutView> = {}): CutoutView => ({
  uploadId: '00000000-0000-4000-8000-000000000000',
  choice: 'auto',
  framed: false,
  reason: null,
  method: 'segmented',
  confidence: 0.9,
  coverage: 0.2,
  pieces: 1,
  crossesFrame: false,
  maskUrl: '/mask.png',
  baseMaskUrl: '/base.png',
  previewUrl: '/preview.webp',
  width: 800,
  height: 600,
  corrections: null,
  ms: 400,
  ...over,
});

describe('the cut-out panel’s status line', () => {
  it('an untouched automatic cut-out is information, not a tick: the user is asked to check it', () => {
    expect(statusOf(view())).toEqual({ tone: 'info', key: 'cutoutEditor.statusAuto' });
    expect(hintOf(view())).toEqual({ tone: 'quiet', key: 'cutoutEditor.hint' });
  });

  it('an automatic cut-out in several pieces warns that one may not be the product', () => {
    expect(hintOf(view({ pieces: 3 }))).toEqual({ tone: 'warning', key: 'cutoutEditor.severalPieces' });
  });

  it('an automatic cut-out that crosses the photo warns that a band of background may be in it', () => {
    expect(hintOf(view({ crossesFrame: true }))).toEqual({
      tone: 'warning',
      key: 'cutoutEditor.crossesFrame',
    });
    // Several pieces say more: that warning comes first.
    expect(hintOf(view({ crossesFrame: true, pieces: 2 }))?.key).toBe('cutoutEditor.severalPieces');
    expect(hintOf(view({ crossesFrame: true, choice: 'cutout' }))).toBeNull();
  });

  it('an automatic cut-out the engine was unsure of asks for a closer look (decision 105)', () => {
    const model = { method: 'model' } as const;
    expect(hintOf(view({ ...model, confidence: LOOK_CLOSER_BELOW - 0.01 }))).toEqual({
      tone: 'warning',
      key: 'cutoutEditor.lookCloser',
    });
    expect(hintOf(view({ ...model, confidence: LOOK_CLOSER_BELOW }))).toEqual({
      tone: 'quiet',
      key: 'cutoutEditor.hint',
    });
    // The engine's own segmentation scores on another scale: the threshold was measured on the model's.
    expect(hintOf(view({ method: 'segmented', confidence: 0.5 }))?.key).toBe('cutoutEditor.hint');
    // Pieces and a band of background say more; once the user acted, nothing is asked.
    expect(hintOf(view({ ...model, confidence: 0.5, pieces: 2 }))?.key).toBe('cutoutEditor.severalPieces');
    expect(hintOf(view({ ...model, confidence: 0.5, crossesFrame: true }))?.key).toBe(
      'cutoutEditor.crossesFrame',
    );
    expect(hintOf(view({ ...model, confidence: 0.5, choice: 'cutout' }))).toBeNull();
  });

  it('once corrected, accepted or set aside, nothing more is asked, whatever the pieces', () => {
    const box = { x: 0.1, y: 0.1, width: 0.5, height: 0.5 };
    expect(statusOf(view({ corrections: { box, strokes: [] }, choice: 'cutout', pieces: 2 })).key).toBe(
      'cutoutEditor.statusCorrected',
    );
    expect(hintOf(view({ corrections: { box, strokes: [] }, choice: 'cutout', pieces: 2 }))).toBeNull();
    expect(hintOf(view({ choice: 'cutout', pieces: 2 }))).toBeNull();
    expect(hintOf(view({ choice: 'whole', framed: true, reason: 'whole-photo', pieces: 2 }))).toBeNull();
  });

  it('a photo framed for lack of confidence, or with nothing found, is a warning of its own', () => {
    expect(statusOf(view({ framed: true, reason: 'low-confidence', pieces: 2 }))).toEqual({
      tone: 'warning',
      key: 'cutoutEditor.statusUnsure',
    });
    expect(statusOf(view({ framed: true, reason: 'no-product-found', pieces: 0 })).key).toBe(
      'cutoutEditor.statusNothing',
    );
    expect(hintOf(view({ framed: true, reason: 'low-confidence', pieces: 2 }))).toBeNull();
  });
});
