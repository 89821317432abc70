/** Typography style -> typeface. One open-licence family per style; the files ship with the engine. */
import type { FusionTypography } from '@vitrine/shared/api/generation';
import type { Typeface } from './types';

export const TYPEFACES: Record<FusionTypography, { slogan: Typeface; tagline: Typeface }> = {
  moderne: {
    slogan: { family: 'Inter', weight: 800, italic: false, uppercase: false },
    tagline: { family: 'Inter', weight: 500, italic: false, uppercase: false },
  },
  élégant: {
    slogan: { family: 'Playfair Display', weight: 700, italic: false, uppercase: false },
    tagline: { family: 'Playfair Display', weight: 400, italic: true, uppercase: false },
  },
  manuscrit: {
    slogan: { family: 'Caveat', weight: 700, italic: false, uppercase: false },
    tagline: { family: 'Caveat', weight: 500, italic: false, uppercase: false },
  },
  tech: {
    slogan: { family: 'Space Grotesk', weight: 700, italic: false, uppercase: true },
    tagline: { family: 'Space Grotesk', weight: 500, italic: false, uppercase: true },
  },
};
