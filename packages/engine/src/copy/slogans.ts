/**
 * Local slogan suggestions for Fusion, from what the user typed ("What is it?", tagline, slogan) and
 * chose (style, palette). The product's name leads, as it is and in an invitation to discover it; the
 * user's own words are picked and cut as the Express copywriter does; the rest is a fixed set of mood
 * lines per style and palette that describe the look: no figure, no price, no promise.
 */
import {
  SLOGAN_MAX_LENGTH,
  type FusionPalette,
  type FusionStyle,
  type FusionTypography,
} from '@vitrine/shared/api/generation';
import type { Lang } from '@vitrine/shared/locale';
import { localExpressCopy } from './express-copy';
import { invitation, lowerFirst, takesInvitation } from './product-name';
import { foldedWords, upperFirst } from './words';

export const SUGGESTION_COUNT = 3;

export type SloganContext = {
  style: FusionStyle;
  palette: FusionPalette;
  typography?: FusionTypography | null | undefined;
  slogan?: string | null | undefined;
  tagline?: string | null | undefined;
  /** "What is it?" (a product's name or an offer): the first suggestions speak of it. */
  productName?: string | null | undefined;
  language: Lang;
};

export const STYLE_MOODS: Record<Lang, Record<FusionStyle, readonly [string, string]>> = {
  fr: {
    'photo réaliste': ['Au naturel', 'Pris sur le vif'],
    illustration: ['Tout un dessin', 'Une histoire à raconter'],
    '3D mockup': ['Sous tous les angles', 'Place au relief'],
    minimaliste: ['L’essentiel, rien de plus', 'Simple et juste'],
    vintage: ['Le charme d’autrefois', 'Un air de vintage'],
    cyberpunk: ['Bienvenue dans le futur', 'Branché sur demain'],
    'hand-drawn': ['Trait pour trait', 'Un coup de crayon'],
  },
  en: {
    'photo réaliste': ['True to life', 'Just as it is'],
    illustration: ['Drawn to delight', 'A story to tell'],
    '3D mockup': ['From every angle', 'Step into the frame'],
    minimaliste: ['Just the essentials', 'Simply right'],
    vintage: ['Timeless charm', 'A touch of yesteryear'],
    cyberpunk: ['Welcome to tomorrow', 'Plugged into the future'],
    'hand-drawn': ['Line by line', 'A stroke of charm'],
  },
};

export const PALETTE_MOODS: Record<Lang, Record<FusionPalette, string>> = {
  fr: {
    chaude: 'Tout en chaleur',
    froide: 'Un vent de fraîcheur',
    pastel: 'Tout en douceur',
    néon: 'Haut en couleur',
    noir_blanc: 'En noir et blanc',
  },
  en: {
    chaude: 'Warm to the core',
    froide: 'A breath of fresh air',
    pastel: 'Soft and sweet',
    néon: 'Bright and bold',
    noir_blanc: 'In black and white',
  },
};

const sameWords = (a: string, b: string) => foldedWords(a).join(' ') === foldedWords(b).join(' ');

/** Lines about the product, from its name: the name, an invitation, the name with the style's mood. */
function productLines(name: string | null | undefined, mood: string, language: Lang): string[] {
  const trimmed = name?.trim().replace(/\s+/g, ' ');
  if (!trimmed) return [];
  const named = upperFirst(trimmed);
  // "Découvrez notre …" only reads for a name, not for an offer ("2 achetées, la 3e offerte").
  const invited = takesInvitation(trimmed) ? [invitation(trimmed, language)] : [];
  return [named, ...invited, `${named} – ${lowerFirst(mood)}`];
}

export function localSlogans(context: SloganContext): string[] {
  const { language } = context;
  const [mood, otherMood] = STYLE_MOODS[language][context.style];
  const typed = [context.tagline, context.slogan].filter((text): text is string => Boolean(text?.trim()));
  const phrases = typed.flatMap((text) => {
    const copy = localExpressCopy(text);
    // A suggestion is a line of its own: the rest of a cut phrase starts with a capital there.
    return copy ? [copy.headline, ...(copy.supporting ? [upperFirst(copy.supporting)] : [])] : [];
  });
  const product = productLines(context.productName, mood, language);
  const candidates = [
    ...product.slice(0, 2),
    phrases[0],
    ...product.slice(2),
    phrases[0] && `${phrases[0]} – ${lowerFirst(mood)}`,
    ...phrases.slice(1),
    mood,
    PALETTE_MOODS[language][context.palette],
    otherMood,
  ];
  const chosen: string[] = [];
  for (const candidate of candidates) {
    if (!candidate || candidate.length > SLOGAN_MAX_LENGTH) continue;
    // The slogan already in the field is not suggested back, nor the same words twice.
    if (context.slogan && sameWords(candidate, context.slogan)) continue;
    if (chosen.some((line) => sameWords(line, candidate))) continue;
    chosen.push(candidate);
    if (chosen.length === SUGGESTION_COUNT) break;
  }
  return chosen;
}
