/** Turns a failed shared-contract parse into translated messages per field, as the server does. */
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { parseValidationMessage } from '@vitrine/shared/validation/fields';

/** The catalog sections a shared contract's messages come from. */
const CONTRACT_SECTIONS = ['validation.', 'brand.'];

export function fieldErrors(error: z.ZodError, t: TFunction): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '_');
    if (fields[field]) continue;
    const { key, params } = parseValidationMessage(issue.message);
    const known = CONTRACT_SECTIONS.some((section) => key.startsWith(section));
    fields[field] = known ? t(key as never, params) : t('validation.notText');
  }
  return fields;
}
