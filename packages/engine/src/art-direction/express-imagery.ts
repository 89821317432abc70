/**
 * What an Express image shows of the business: the subject read from the description, the icons that
 * draw it (Phosphor Icons, MIT: see local/express/ICONS.md) and how the style draws them. Each subject has
 * several icons; each variant leads with a different one, so the four variants differ.
 */
import type { ExpressStyle } from '@vitrine/shared/api/generation';
import { matchBusinessSubject, type SubjectMatch } from './business-subject';
import { EXPRESS_DESIGNS } from './express-designs';
import { SUBJECT_ICONS } from './subject-icons';
import type { Rgb } from './types';

export { SUBJECT_ICONS };

/** Phosphor's six weights: line icons from thin to bold, solid, and two-tone. */
export type IconWeight = 'thin' | 'light' | 'regular' | 'bold' | 'fill' | 'duotone';

/**
 * - cluster: a large icon with smaller ones around it, in the largest area the headline leaves free;
 * - frieze: a row of equal icons on a band beside the headline, with small ornaments between them;
 * - scatter: stickers spread over the free areas, tilted, of mixed sizes.
 */
export type ImageryLayout = 'cluster' | 'frieze' | 'scatter';

export type IconTreatment = {
  layout: ImageryLayout;
  weight: IconWeight;
  /** Colour of the icon's lines or solid shape. */
  ink: Rgb;
  /** Colours of the two-tone fill (duotone), taken in turn. */
  fills: readonly Rgb[];
  /** What each icon sits on. */
  backing: null | { shape: 'disc' | 'tile' | 'badge'; fill: Rgb; opacity: number; line: Rgb };
  /** Ornament between the icons of a frieze. */
  separator: Rgb | null;
  opacity: number;
  /** Largest tilt, in degrees, either way; `lean` turns them all one way. */
  tilt: number;
  lean: number;
  /** Icons drawn (a scatter repeats them). */
  count: number;
  /** Largest icon as a share of the canvas's short side. */
  size: number;
  /**
   * The lead icon again, very large and faint behind everything, cropped by the canvas's edge: how
   * far its colour goes from the background toward the ink (0: none).
   */
  backdrop: number;
};

const d = EXPRESS_DESIGNS;

export const ICON_TREATMENTS: Record<ExpressStyle, IconTreatment> = {
  minimaliste: {
    layout: 'cluster',
    weight: 'light',
    ink: d.minimaliste.inks.dark,
    fills: [],
    backing: null,
    separator: null,
    opacity: 0.9,
    tilt: 0,
    lean: 0,
    count: 3,
    size: 0.34,
    backdrop: 0.07,
  },
  moderne: {
    layout: 'cluster',
    weight: 'fill',
    ink: [255, 255, 255],
    fills: [],
    backing: { shape: 'tile', fill: [255, 255, 255], opacity: 0.16, line: [255, 255, 255] },
    separator: null,
    opacity: 1,
    tilt: 8,
    lean: 0,
    count: 3,
    size: 0.3,
    backdrop: 0.05,
  },
  vintage: {
    layout: 'frieze',
    weight: 'fill',
    ink: d.vintage.inks.light,
    fills: [],
    backing: { shape: 'badge', fill: d.vintage.accents[1]!, opacity: 1, line: d.vintage.accents[1]! },
    separator: d.vintage.accents[2]!,
    opacity: 1,
    tilt: 0,
    lean: 0,
    count: 3,
    size: 0.24,
    backdrop: 0.09,
  },
  techno: {
    layout: 'cluster',
    weight: 'light',
    ink: d.techno.accents[0]!,
    fills: [d.techno.accents[1]!],
    backing: { shape: 'disc', fill: d.techno.background[1], opacity: 0.85, line: d.techno.accents[1]! },
    separator: null,
    opacity: 1,
    tilt: 0,
    lean: 0,
    count: 3,
    size: 0.28,
    backdrop: 0.07,
  },
  elegante: {
    layout: 'frieze',
    weight: 'light',
    ink: d.elegante.accents[0]!,
    fills: [],
    backing: null,
    separator: d.elegante.accents[0]!,
    opacity: 1,
    tilt: 0,
    lean: 0,
    count: 3,
    size: 0.19,
    backdrop: 0.08,
  },
  artistique: {
    layout: 'scatter',
    weight: 'duotone',
    ink: d.artistique.inks.dark,
    fills: d.artistique.accents,
    backing: null,
    separator: null,
    opacity: 1,
    tilt: 16,
    lean: 0,
    count: 6,
    size: 0.22,
    backdrop: 0.06,
  },
  dynamique: {
    layout: 'cluster',
    weight: 'fill',
    ink: [255, 255, 255],
    fills: [],
    backing: null,
    separator: null,
    opacity: 0.95,
    tilt: 5,
    lean: -10,
    count: 3,
    size: 0.42,
    backdrop: 0.06,
  },
  naturel: {
    layout: 'cluster',
    weight: 'duotone',
    ink: d.naturel.inks.dark,
    fills: [d.naturel.accents[1]!, d.naturel.accents[0]!],
    backing: null,
    separator: null,
    opacity: 1,
    tilt: 6,
    lean: 0,
    count: 3,
    size: 0.36,
    backdrop: 0.08,
  },
};

export type ExpressImagery = {
  match: SubjectMatch;
  /** This variant's icons, the lead first. */
  icons: string[];
  treatment: IconTreatment;
};

/** The variant leads with its own icon; the others follow in the subject's order. */
export function planImagery(
  description: string | null | undefined,
  style: ExpressStyle,
  variant: number,
): ExpressImagery {
  const match = matchBusinessSubject(description);
  const all = SUBJECT_ICONS[match.subject];
  const start = variant % all.length;
  return {
    match,
    icons: [...all.slice(start), ...all.slice(0, start)],
    treatment: ICON_TREATMENTS[style],
  };
}
