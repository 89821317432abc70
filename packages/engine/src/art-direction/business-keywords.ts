/** The subjects Express recognises in a business description, and the keywords that tell each. */
import { CARE_KEYWORDS } from './keywords/care';
import { FOOD_KEYWORDS } from './keywords/food';
import { GROCER_KEYWORDS } from './keywords/grocers';
import { LEISURE_KEYWORDS } from './keywords/leisure';
import { SERVICE_KEYWORDS } from './keywords/services';
import { SHOP_KEYWORDS } from './keywords/shops';
import type { SubjectKeywords } from './keywords/subject-keywords';

/**
 * In the order that settles a tie between subjects named at the same place: the narrower trade
 * before the wider one it was taken from (butcher and fishmonger before grocery, hairdresser before
 * beauty, garage before trades, bike before sport, pottery before craft).
 */
export const BUSINESS_SUBJECTS = [
  'bakery',
  'chocolate',
  'icecream',
  'butcher',
  'fishmonger',
  'florist',
  'cafe',
  'restaurant',
  'grocery',
  'wine',
  'fashion',
  'jewellery',
  'candles',
  'cosmetics',
  'hairdresser',
  'beauty',
  'health',
  'yoga',
  'music',
  'photographer',
  'toys',
  'travel',
  'driving',
  'tech',
  'pottery',
  'craft',
  'bookshop',
  'home',
  'garden',
  'pets',
  'bike',
  'sport',
  'garage',
  'trades',
  'cleaning',
  'consulting',
] as const;
export type BusinessSubject = (typeof BUSINESS_SUBJECTS)[number];

/** Keywords per subject and weight (see keywords/subject-keywords.ts), one file per family of trades. */
export const KEYWORDS: Record<BusinessSubject, SubjectKeywords> = {
  ...FOOD_KEYWORDS,
  ...GROCER_KEYWORDS,
  ...SHOP_KEYWORDS,
  ...CARE_KEYWORDS,
  ...LEISURE_KEYWORDS,
  ...SERVICE_KEYWORDS,
};
