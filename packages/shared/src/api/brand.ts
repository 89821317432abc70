/**
 * The shop's brand kit (Account page, "Ma marque / My brand"): up to five named colours, a logo, a
 * preferred typography and a signature line. New Fusion and Express generations apply it unless the
 * form's switch is off (`brand: false` in their requests, generation.ts).
 *
 * Routes (signed-in user only):
 * - GET /api/brand   → BrandKit (an empty kit when none was saved)
 * - PUT /api/brand   BrandKitInput → BrandKit: replaces the kit whole (a field left out is emptied).
 *   400 VALIDATION_FAILED (error.fields names the field): a colour that is not '#rrggbb', more than
 *   BRAND_COLOURS_MAX colours, a logo that is not one of the user's logos (or has expired), a
 *   typography not offered, a signature too long or with control characters, a kit with a logo,
 *   a typography or a signature but no colour. 400 INVALID_JSON, 415, 413 for a body that is not JSON.
 *   Nothing is stored on any error.
 */
import { z } from 'zod';
import { list, text } from '../validation/schema';
import { FUSION_TYPOGRAPHIES, option, optionalCopy, type FusionTypography } from './generation';

export const BRAND_COLOURS_MAX = 5;
/** "Bleu nuit", "Terracotta": a word or two, shown beside the colour. */
export const BRAND_COLOUR_NAME_MAX_LENGTH = 30;
/** A website, a handle or a phone number, set small on the image: one short line. */
export const BRAND_SIGNATURE_MAX_LENGTH = 60;
/** Largest PUT body accepted (bytes): five colours and a signature fit many times over. */
export const BRAND_BODY_LIMIT = 8 * 1024;

const HEX = /^#[0-9a-fA-F]{6}$/;

/** A colour as '#rrggbb', in lower case once read. */
export const brandHex = text({ error: 'brand.colourInvalid' })
  .trim()
  .regex(HEX, 'brand.colourInvalid')
  .transform((hex) => hex.toLowerCase());

export const brandColour = z.strictObject({
  hex: brandHex,
  /** Optional: empty when the shop did not name it. */
  name: optionalCopy(BRAND_COLOUR_NAME_MAX_LENGTH).transform((name) => name ?? ''),
});
export type BrandColour = z.output<typeof brandColour>;

export const brandKitInput = z
  .strictObject({
    colours: list(brandColour, {
      error: 'brand.colourInvalid',
      max: [BRAND_COLOURS_MAX, 'brand.tooManyColours'],
    }).default([]),
    /** One of the user's uploads sent with role 'logo' (POST /api/uploads?role=logo), or null. */
    logoUploadId: z.uuid({ error: 'brand.logoNotYours' }).nullable().default(null),
    typography: option(FUSION_TYPOGRAPHIES).nullable().default(null),
    signature: optionalCopy(BRAND_SIGNATURE_MAX_LENGTH).transform((text) => text ?? null),
  })
  // The palette "Ma marque" is made of the colours: a kit that applies something holds one at least.
  .refine(
    (kit) =>
      kit.colours.length > 0 ||
      (kit.logoUploadId === null && kit.typography === null && kit.signature === null),
    { path: ['colours'], message: 'brand.colourRequired' },
  );
export type BrandKitInput = z.input<typeof brandKitInput>;
export type BrandKitValues = z.output<typeof brandKitInput>;

/** The kit as GET and PUT answer it. */
export type BrandKit = {
  colours: BrandColour[];
  /** The logo's upload and where its file is served, or null (none, or deleted or expired since). */
  logo: { uploadId: string; fileUrl: string; name: string | null } | null;
  typography: FusionTypography | null;
  signature: string | null;
  /** When it was last saved (ISO), or null for a kit never saved. */
  updatedAt: string | null;
};

export const EMPTY_BRAND_KIT: BrandKit = {
  colours: [],
  logo: null,
  typography: null,
  signature: null,
  updatedAt: null,
};

/** A kit applies to generations once it holds a colour (every kit that holds anything does). */
export const brandKitApplies = (kit: Pick<BrandKit, 'colours'>) => kit.colours.length > 0;
