/**
 * The copy API: slogan suggestions for the Fusion form, written from what the form holds.
 *
 * - POST /api/copy/slogans   SloganSuggestionsBody → SloganSuggestionsResponse (signed-in users;
 *                            400 VALIDATION_FAILED, 429 RATE_LIMITED)
 */
import { z } from 'zod';
import { LANGUAGES } from '../locale';
import {
  FUSION_PALETTES,
  FUSION_STYLES,
  FUSION_TYPOGRAPHIES,
  option,
  optionalCopy,
  PRODUCT_NAME_MAX_LENGTH,
  SLOGAN_MAX_LENGTH,
  TAGLINE_MAX_LENGTH,
} from './generation';

export const SLOGAN_SUGGESTION_COUNT = 3;

export const sloganSuggestionsBody = z.object({
  style: option(FUSION_STYLES),
  palette: option(FUSION_PALETTES),
  typography: option(FUSION_TYPOGRAPHIES).optional(),
  slogan: optionalCopy(SLOGAN_MAX_LENGTH),
  tagline: optionalCopy(TAGLINE_MAX_LENGTH),
  /** "What is it?": the suggestions speak of it, in the user's words. */
  productName: optionalCopy(PRODUCT_NAME_MAX_LENGTH),
  /** The interface language: the suggestions are written in it. */
  language: z.enum(LANGUAGES, { error: 'validation.invalidOption' }),
});
export type SloganSuggestionsBody = z.input<typeof sloganSuggestionsBody>;

export type SloganSuggestionsResponse = {
  /** Three lines of at most SLOGAN_MAX_LENGTH characters. */
  suggestions: string[];
  /** Who wrote them: the local copywriter, or the language model. */
  source: 'local' | 'openai';
};
