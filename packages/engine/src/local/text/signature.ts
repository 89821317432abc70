/**
 * A brand's signature line (a website, a handle, a phone number): set small, on one line where it fits,
 * on a band of the brand's main colour with an ink that reaches AA on it (brand-inks.ts), as a text
 * layer the editor can edit (role 'signature').
 */
import type { Lang } from '@vitrine/shared/locale';
import type { Box, TextBlock, Typeface } from '../../art-direction/types';
import type { RawImage } from '../../image/sharp';
import type { Band } from './brand-inks';
import { drawText } from './draw-text';
import { BAND_PAD, emPx } from './layers';
import { layoutText, type SetText } from './text-layout';
import type { SetLayer } from './typeset';

/**
 * The signature's line box, as a share of the frame's shorter side (a 30 px line on 1080 px), and at
 * least SIGNATURE_LEAST px, so that a banner's, on a short side of 640 px, stays as legible.
 */
const SIGNATURE_HEIGHT = 0.03;
const SIGNATURE_LEAST = 26;
/** The widest it may be, as a share of the safe area's width: it wraps, smaller, past that. */
const SIGNATURE_WIDTH = 0.46;

export type SignatureText = { text: string; typeface: Typeface; language: Lang };

/** The signature set at its size; `outer` is the size it takes with its band. */
export async function measureSignature(
  signature: SignatureText,
  canvas: { width: number; height: number },
  safeWidth: number,
): Promise<{ set: SetText; block: TextBlock; outer: { width: number; height: number }; pad: number }> {
  const height = Math.max(
    SIGNATURE_LEAST,
    Math.round(SIGNATURE_HEIGHT * Math.min(canvas.width, canvas.height)),
  );
  const box = { x: 0, y: 0, width: Math.round(safeWidth * SIGNATURE_WIDTH), height };
  const block: TextBlock = { role: 'signature', align: 'left', box, ...signature };
  const set = await layoutText(block);
  const pad = Math.round(emPx(set.dpi) * BAND_PAD);
  const outer = { width: set.rect.width + 2 * pad, height: set.rect.height + 2 * pad };
  return { set, block, outer, pad };
}

/** Draws the measured signature with its band, the band's top-left corner at `at`. */
export async function drawSignature(
  scene: RawImage,
  measured: { set: SetText; block: TextBlock; pad: number },
  at: { x: number; y: number },
  { band, ink, contrast }: Band,
): Promise<SetLayer> {
  const { set, block, pad } = measured;
  const rect: Box = { x: at.x + pad, y: at.y + pad, width: set.rect.width, height: set.rect.height };
  await drawText(scene, {
    mask: set.mask,
    rect,
    colour: ink,
    effect: { kind: 'none' },
    band: { colour: band, pad },
  });
  const { role, text: words, language, typeface, align } = block;
  return {
    report: {
      role,
      rendered: true,
      text: set.text,
      rect,
      colour: ink,
      contrast,
      scrim: false,
      face: set.face,
    },
    layer: {
      role,
      text: words,
      language,
      typeface,
      align,
      box: rect,
      dpi: set.dpi,
      measure: set.measure,
      colour: ink,
      effect: { kind: 'none' },
      band,
    },
  };
}
