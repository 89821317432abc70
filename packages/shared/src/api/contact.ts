/** The contact form (spec sections 2, 5 and 8): shared by the public page and POST /api/contact. */
import { z } from 'zod';
import { text } from '../validation/schema';
import { emailField } from '../validation/fields';

export const CONTACT_LIMITS = { name: 100, subject: 200, message: 5000 } as const;

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const LINE_BREAKS_OR_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- a message may hold line breaks and tabs, no other control character
const CONTROL_BUT_WHITESPACE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** One line typed by a person: required, trimmed, bounded, no control characters (no header injection). */
function requiredLine(max: number) {
  return text({ error: 'validation.notText' })
    .trim()
    .min(1, 'validation.required')
    .max(max, `validation.tooLong:${max}`)
    .refine((value) => !LINE_BREAKS_OR_CONTROL.test(value), 'validation.forbiddenCharacters');
}

export const contactInput = z.object({
  name: requiredLine(CONTACT_LIMITS.name),
  email: emailField,
  subject: requiredLine(CONTACT_LIMITS.subject),
  message: text({ error: 'validation.notText' })
    .trim()
    .min(1, 'validation.required')
    .max(CONTACT_LIMITS.message, `validation.tooLong:${CONTACT_LIMITS.message}`)
    .refine((value) => !CONTROL_BUT_WHITESPACE.test(value), 'validation.forbiddenCharacters'),
  /**
   * A field people never see or fill (hidden from view and from assistive technology); only form
   * robots fill it. A message that has it is answered like any other and then dropped.
   */
  website: text().max(2048).optional(),
});
export type ContactInput = z.input<typeof contactInput>;

export type ContactResponse = { ok: true };
