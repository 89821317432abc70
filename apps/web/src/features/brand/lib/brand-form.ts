/**
 * The "Ma marque / My brand" form without React: its values from a saved kit, the PUT body they make,
 * and what a generation gets from a kit (the line under the forms' switch).
 */
import {
  BRAND_COLOURS_MAX,
  brandKitApplies,
  type BrandKit,
  type BrandKitInput,
} from '@vitrine/shared/api/brand';
import type { FusionTypography } from '@vitrine/shared/api/generation';
import type { PickedImage } from '../../../lib/picked-image';

export type ColourValue = { hex: string; name: string };

export type BrandFormValues = {
  colours: ColourValue[];
  logo: PickedImage | null;
  /** '' : none preferred (the form's own choice is used). */
  typography: FusionTypography | '';
  signature: string;
};

/** A new colour starts on this one, for the picker to show something. */
export const NEW_COLOUR = '#1f4e79';

/** The form's values for a saved kit. */
export function toFormValues(kit: BrandKit): BrandFormValues {
  return {
    colours: kit.colours.map(({ hex, name }) => ({ hex, name })),
    logo: kit.logo && {
      uploadId: kit.logo.uploadId,
      previewUrl: kit.logo.fileUrl,
      name: kit.logo.name ?? '',
    },
    typography: kit.typography ?? '',
    signature: kit.signature ?? '',
  };
}

/** The PUT body: the whole kit, as the form holds it. */
export function toInput(values: BrandFormValues): BrandKitInput {
  return {
    colours: values.colours.map(({ hex, name }) => ({ hex: hex.trim(), name })),
    logoUploadId: values.logo?.uploadId ?? null,
    typography: values.typography || null,
    signature: values.signature,
  };
}

export const canAddColour = (values: BrandFormValues) => values.colours.length < BRAND_COLOURS_MAX;

/** A hex the colour picker can show: '#rrggbb' as typed, or the last one it could. */
export const pickerValue = (hex: string, fallback = NEW_COLOUR) =>
  /^#[0-9a-f]{6}$/i.test(hex.trim()) ? hex.trim().toLowerCase() : fallback;

/** What a generation gets from the kit, in order; empty when it has nothing to apply. */
export type BrandPart = 'palette' | 'logo' | 'signature' | 'typography';
export function appliedParts(kit: BrandKit): BrandPart[] {
  if (!brandKitApplies(kit)) return [];
  return [
    'palette',
    ...(kit.logo ? (['logo'] as const) : []),
    ...(kit.signature ? (['signature'] as const) : []),
    ...(kit.typography ? (['typography'] as const) : []),
  ];
}
