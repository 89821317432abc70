import { LOOK_CLOSER_BELOW, type CutoutView } from '@vitrine/shared/api/cutout';

export type CutoutStatus = {
  tone: 'ok' | 'warning' | 'info';
  key:
    | 'cutoutEditor.statusWhole'
    | 'cutoutEditor.statusNothing'
    | 'cutoutEditor.statusUnsure'
    | 'cutoutEditor.statusCorrected'
    | 'cutoutEditor.statusAccepted'
    | 'cutoutEditor.statusAuto';
};

/** What the status line says about the cut-out generations will use. */
export function statusOf(view: CutoutView): CutoutStatus {
  if (view.choice === 'whole') return { tone: 'info', key: 'cutoutEditor.statusWhole' };
  if (view.framed && view.reason === 'no-product-found')
    return { tone: 'warning', key: 'cutoutEditor.statusNothing' };
  if (view.framed) return { tone: 'warning', key: 'cutoutEditor.statusUnsure' };
  if (view.corrections) return { tone: 'ok', key: 'cutoutEditor.statusCorrected' };
  if (view.choice === 'cutout') return { tone: 'ok', key: 'cutoutEditor.statusAccepted' };
  // Not a check mark: the engine's confidence is no promise (a white carton's white base on a white
  // counter can be missed at 98 %). The tick is for what the user corrected or accepted.
  return { tone: 'info', key: 'cutoutEditor.statusAuto' };
}

/** The warning's name on the page (data-cutout-hint), for tests and styles. */
export const HINT_NAMES = {
  'cutoutEditor.hint': 'check',
  'cutoutEditor.severalPieces': 'pieces',
  'cutoutEditor.crossesFrame': 'crosses',
  'cutoutEditor.lookCloser': 'unsure',
} as const;

/**
 * What the user is asked to check under an untouched automatic cut-out: in general, to look at it; when
 * it came out in several pieces, that one of them may not be the product (a lid, a cup beside it); when
 * it crosses the photo, that a band of background may have come with it; when the engine was unsure of
 * it, to look closely. Nothing once the user corrected, accepted or set it aside.
 */
export function hintOf(view: CutoutView): {
  tone: 'quiet' | 'warning';
  key: keyof typeof HINT_NAMES;
} | null {
  if (statusOf(view).key !== 'cutoutEditor.statusAuto') return null;
  if (view.pieces > 1) return { tone: 'warning', key: 'cutoutEditor.severalPieces' };
  if (view.crossesFrame) return { tone: 'warning', key: 'cutoutEditor.crossesFrame' };
  // Measured on the model's cut-outs only: the engine's own segmentation scores on another scale.
  if (view.method === 'model' && view.confidence < LOOK_CLOSER_BELOW)
    return { tone: 'warning', key: 'cutoutEditor.lookCloser' };
  return { tone: 'quiet', key: 'cutoutEditor.hint' };
}
