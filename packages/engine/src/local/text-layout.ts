/**
 * Setting a text block: French typography, the typeface's case, then the largest size at which the
 * wrapped text fits its box (libvips picks it), with balanced lines.
 */
import { frenchTypography } from '../art-direction/french-typography';
import type { TextBlock } from '../art-direction/types';
import { fromText, toRaw, type RawImage } from '../image/sharp';
import { fontFor } from './fonts';

export type TextRect = { x: number; y: number; width: number; height: number };
export type SetText = { text: string; mask: RawImage; rect: TextRect };

const escapeMarkup = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const coverage = (mask: RawImage) => mask.data.reduce((sum, v) => sum + v, 0);

/**
 * The text at the largest size that fits the box, with balanced lines: among narrower measures that
 * keep (almost) the same size, the narrowest wins, so a last line is not left with one word.
 */
async function fitText(
  markup: string,
  font: ReturnType<typeof fontFor>,
  box: TextBlock['box'],
  align: TextBlock['align'],
): Promise<RawImage> {
  const render = (width: number) =>
    toRaw(
      fromText({
        markup,
        font: font.description,
        fontfile: font.file,
        width: Math.round(width),
        height: box.height,
        align: align === 'left' ? 'left' : 'centre',
      }).extractChannel(0),
    );
  const full = await render(box.width);
  const size = coverage(full);
  let best = full;
  for (const share of [0.85, 0.7]) {
    const narrower = await render(box.width * share);
    if (coverage(narrower) < size * 0.93) break;
    best = narrower;
  }
  return best;
}

/** The set text of a block as a coverage mask, and where it goes on the canvas. */
export async function layoutText(block: TextBlock): Promise<SetText> {
  let text = frenchTypography(block.text);
  if (block.typeface.uppercase) text = text.toLocaleUpperCase('fr-FR');
  const { box } = block;
  const mask = await fitText(escapeMarkup(text), fontFor(block.typeface), box, block.align);
  const width = Math.min(mask.width, box.width);
  const height = Math.min(mask.height, box.height);
  const rect: TextRect = {
    x: block.align === 'left' ? box.x : Math.round(box.x + (box.width - width) / 2),
    y: Math.round(box.y + (box.height - height) / 2),
    width,
    height,
  };
  return { text, mask, rect };
}
