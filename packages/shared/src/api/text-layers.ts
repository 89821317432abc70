/**
 * A generated image's text as layers, as stored with the image (webhook_data.images[i].layers) beside
 * its text-free plate (images[i].plateKey): what the engine's typesetting decided for each text, so
 * that it can set the text again, edited (docs/decisions/046). Colours are sRGB triples; sizes and
 * positions are pixels of the full image.
 */
import { z } from 'zod';
import { list, text } from '../validation/schema';
import { LANGUAGES } from '../locale';
import { TEXT_LAYER_ROLES } from './editor';

const px = z.number().finite();
const box = z.strictObject({ x: px, y: px, width: px.min(0), height: px.min(0) });
// Not only whole numbers: a Fusion text's colour is computed from its scene and may fall between
// them; it is set again exactly as it was.
const channel = z.number().finite().min(0).max(255);
const rgb = z.tuple([channel, channel, channel]);

export const storedTextLayer = z.strictObject({
  role: z.enum(TEXT_LAYER_ROLES),
  /** The words as written; the engine applies the language's typography and the face's capitals. */
  text: text(),
  language: z.enum(LANGUAGES),
  typeface: z.strictObject({
    family: text(),
    weight: z.number().int(),
    italic: z.boolean(),
    uppercase: z.boolean(),
  }),
  align: z.enum(['left', 'center', 'right']),
  box,
  /** The size as libvips's dpi (the em is dpi × 12 / 72 px) and the width the words wrap at. */
  dpi: z.number().positive(),
  measure: z.number().int().positive(),
  colour: rgb,
  effect: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('none') }),
    z.strictObject({ kind: z.literal('shadow') }),
    z.strictObject({ kind: z.literal('scrim'), darken: z.boolean(), strength: z.number().min(0).max(1) }),
  ]),
  /** A band of colour behind the text (a brand's signature sits on its main colour). */
  band: rgb.optional(),
  /** The rectangle the set text took (its mask), for the editor to place the layer over it. */
  rect: box,
});
export type StoredTextLayer = z.infer<typeof storedTextLayer>;

export const storedTextLayers = list(storedTextLayer);
