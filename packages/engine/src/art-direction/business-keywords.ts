/** The subjects Express recognises in a business description, and the keywords that tell each. */
import { CARE_KEYWORDS } from './keywords/care';
import { FOOD_KEYWORDS } from './keywords/food';
import { SERVICE_KEYWORDS } from './keywords/services';
import { SHOP_KEYWORDS } from './keywords/shops';
import type { SubjectKeywords } from './keywords/subject-keywords';

/**
 * In the order that settles a tie between subjects named at the same place: the narrower trade
 * before the wider one it was taken from (butcher before grocery, hairdresser before beauty, garage
 * before trades, bike before sport, pottery before craft).
 */
export const BUSINESS_SUBJECTS = [
  'bakery',
  'butcher',
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
  ...SHOP_KEYWORDS,
  ...CARE_KEYWORDS,
  ...SERVICE_KEYWORDS,
};
