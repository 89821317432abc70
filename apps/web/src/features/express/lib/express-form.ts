/**
 * The Express form (spec sections 2, 3 and 5): style and format are required; what the product is
 * ("What is it?") and the description are optional. 'Regénérer' and 'Nouveau visuel' appear once both
 * selects are set.
 */
import {
  DESCRIPTION_MAX_LENGTH,
  EXPRESS_FORMATS,
  EXPRESS_STYLES,
  PRODUCT_NAME_MAX_LENGTH,
  type ExpressFormat,
  type ExpressStyle,
} from '@vitrine/shared/api/generation';
import { expressStartBody, type ExpressStartBody } from '@vitrine/shared/api/generations';
import type { Lang } from '@vitrine/shared/locale';
import type { z } from 'zod';

export { DESCRIPTION_MAX_LENGTH, PRODUCT_NAME_MAX_LENGTH };

export type ExpressValues = {
  style: ExpressStyle | '';
  format: ExpressFormat | '';
  description: string;
  /** "What is it?": a product's name or an offer, which the visual's headline speaks of. */
  productName: string;
  /** "Every format": the variants composed again in every other format too, as one generation. */
  everyFormat: boolean;
  /** "Apply my brand": the account's brand kit, when it has one, applied to this generation. */
  brand: boolean;
};

export const EMPTY_EXPRESS: ExpressValues = {
  style: '',
  format: '',
  description: '',
  productName: '',
  everyFormat: false,
  brand: true,
};

export function isExpressStyle(value: string): value is ExpressStyle {
  return (EXPRESS_STYLES as readonly string[]).includes(value);
}

export function isExpressFormat(value: string): value is ExpressFormat {
  return (EXPRESS_FORMATS as readonly string[]).includes(value);
}

/** Both selects are set: the request can go, and 'Regénérer' / 'Nouveau visuel' show. */
export function expressComplete(values: ExpressValues): boolean {
  return values.style !== '' && values.format !== '';
}

export type ExpressCheck =
  | { ok: true; body: ExpressStartBody }
  | { ok: false; missing: true }
  | { ok: false; missing: false; error: z.ZodError };

/** `language`, the interface's, is the language of the headline written from the description. */
export function buildExpressRequest(values: ExpressValues, language?: Lang): ExpressCheck {
  if (!expressComplete(values)) return { ok: false, missing: true };
  const description = values.description.trim();
  const productName = values.productName.trim();
  const body: ExpressStartBody = {
    style: values.style as ExpressStyle,
    format: values.format as ExpressFormat,
    ...(description ? { description } : {}),
    ...(productName ? { productName } : {}),
    ...(values.everyFormat && { everyFormat: true }),
    // The brand applies unless switched off (a user with no kit has none to apply).
    ...(!values.brand && { brand: false }),
    ...(language && { language }),
  };
  const checked = expressStartBody.safeParse(body);
  return checked.success ? { ok: true, body } : { ok: false, missing: false, error: checked.error };
}
