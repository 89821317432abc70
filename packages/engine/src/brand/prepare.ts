/**
 * A brand kit checked and made ready for every variant of a request: its colours and typography
 * checked, its signature trimmed, its logo decoded once like any upload (same limits, same refusals; a
 * PNG keeps its transparency).
 */
import { FUSION_TYPOGRAPHIES } from '@vitrine/shared/api/generation';
import type { PlannedBrand } from '../art-direction/types';
import { EngineError } from '../errors';
import { decodeRgba } from '../image/decode';
import type { BrandInput } from './types';

export const MAX_BRAND_COLOURS = 5;
const COLOUR = /^#[0-9a-f]{6}$/i;
/** A signature is one short line: a website, a handle, a phone number. */
export const MAX_SIGNATURE_LENGTH = 80;
/**
 * The logo is kept no larger than this on its longer side: it is drawn at a sixth of the frame or
 * less, and the largest frame's shorter side is 1920 px.
 */
const LOGO_SIDE = 640;

const invalid = (message: string) => new EngineError('INVALID_REQUEST', `brand: ${message}`);

/** The brand's fields checked; throws INVALID_REQUEST naming the field at fault. */
export function checkBrand(input: BrandInput): Omit<PlannedBrand, 'logo'> {
  const { colours } = input;
  if (!Array.isArray(colours) || colours.length < 1 || colours.length > MAX_BRAND_COLOURS)
    throw invalid(`colours must hold 1 to ${MAX_BRAND_COLOURS} colours`);
  const wrong = colours.find((colour) => typeof colour !== 'string' || !COLOUR.test(colour));
  if (wrong !== undefined) throw invalid(`"${String(wrong)}" is not a colour (#rrggbb)`);
  const typography = input.typography ?? null;
  if (typography !== null && !FUSION_TYPOGRAPHIES.includes(typography))
    throw invalid(`typography must be one of ${FUSION_TYPOGRAPHIES.join(', ')}`);
  if (input.signature != null && typeof input.signature !== 'string') throw invalid('signature must be text');
  // One line: a control character pasted in would be drawn as an empty box.
  const signature = input.signature?.replace(/\p{Cc}+/gu, ' ').trim() || null;
  if (signature && signature.length > MAX_SIGNATURE_LENGTH)
    throw invalid(`signature must be at most ${MAX_SIGNATURE_LENGTH} characters`);
  return { colours: colours.map((colour) => colour.toLowerCase()), typography, signature };
}

/** The brand checked and its logo decoded (EngineError as for any upload when it does not decode). */
export async function prepareBrand(input: BrandInput): Promise<PlannedBrand> {
  const checked = checkBrand(input);
  if (!input.logo) return { ...checked, logo: null };
  const { source, ...image } = await decodeRgba(input.logo, LOGO_SIDE);
  return { ...checked, logo: { image, source: { width: source.width, height: source.height } } };
}
