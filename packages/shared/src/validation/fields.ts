/**
 * Field rules shared by the browser forms and the server (spec section 5). Messages are catalog keys
 * under "validation.", translated where they are shown.
 */
import { z } from 'zod';
import { text } from './schema';

export const PASSWORD_MIN_LENGTH = 8;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const TEXT_MAX_LENGTH = 200;
export const URL_MAX_LENGTH = 2048;

/** The sign-up password rules, in the spec's order; the first one broken is the one reported. */
export const PASSWORD_RULES = [
  { key: 'validation.passwordTooShort', test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { key: 'validation.passwordNoLowercase', test: (p: string) => /\p{Ll}/u.test(p) },
  { key: 'validation.passwordNoUppercase', test: (p: string) => /\p{Lu}/u.test(p) },
  { key: 'validation.passwordNoDigit', test: (p: string) => /\d/.test(p) },
] as const;

export type PasswordRuleKey = (typeof PASSWORD_RULES)[number]['key'];

export function passwordIssues(password: string): PasswordRuleKey[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.key);
}

/** Control characters (C0, DEL and C1): nothing a person types in a one-line field. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
export const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;
const MARKUP_CHARS = /[<>]/;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_SHAPE = /^\+?[\d\s().-]+$/;

/** E-mail: trimmed and lower-cased, the spec's shape (no spaces), 'Format d'email invalide' otherwise. */
export const emailField = text({ error: 'validation.notText' })
  .trim()
  .toLowerCase()
  .min(1, 'validation.required')
  .max(EMAIL_MAX_LENGTH, 'validation.emailInvalid')
  .regex(EMAIL_SHAPE, 'validation.emailInvalid');

/**
 * An account's e-mail: also one the account service takes (zod's e-mail rule, which better-auth applies:
 * a top-level domain of two letters or more, no dots side by side, no accented letters). Without it such
 * an address passed here and was then refused with a vague error.
 */
export const accountEmailField = emailField.regex(z.regexes.email, 'validation.emailInvalid');

/** A new password: every spec rule, in order. */
export const newPasswordField = text({ error: 'validation.notText' })
  .max(PASSWORD_MAX_LENGTH, 'validation.passwordTooLong')
  .superRefine((password, ctx) => {
    const first = passwordIssues(password)[0];
    if (first) ctx.addIssue({ code: 'custom', message: first });
  });

/** Plain single-line text typed by a person: no control characters, no markup brackets. */
function plainText(max: number) {
  return text({ error: 'validation.notText' })
    .trim()
    .max(max, `validation.tooLong:${max}`)
    .refine((value) => !CONTROL_CHARS.test(value), 'validation.forbiddenCharacters')
    .refine((value) => !MARKUP_CHARS.test(value), 'validation.markupCharacters');
}

export const requiredName = plainText(NAME_MAX_LENGTH).min(1, 'validation.required');

/** An optional text: empty or missing becomes null. */
export function optionalText(max = TEXT_MAX_LENGTH) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    plainText(max).nullable().optional(),
  );
}

export const optionalPhone = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  plainText(30)
    .refine(
      (value) => PHONE_SHAPE.test(value) && value.replace(/\D/g, '').length >= 6,
      'validation.phoneInvalid',
    )
    .nullable()
    .optional(),
);

/** A scheme at the start of an address ("https://", "ftp://"). */
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * A shop's website, as people type it: "maboutique.fr" or "www.maboutique.fr/contact" are taken as
 * https addresses; what is given with a scheme must be http or https, with a domain and no password.
 */
export const optionalWebsite = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    if (trimmed === '') return null;
    return SCHEME.test(trimmed) ? trimmed : `https://${trimmed}`;
  },
  plainText(URL_MAX_LENGTH)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (
          (url.protocol === 'https:' || url.protocol === 'http:') &&
          url.hostname.includes('.') &&
          !url.username &&
          !url.password
        );
      } catch {
        return false;
      }
    }, 'validation.urlInvalid')
    .nullable()
    .optional(),
);

/** Splits a message like "validation.tooLong:100" into its key and parameters. */
export function parseValidationMessage(message: string): { key: string; params: Record<string, string> } {
  const [key = message, max] = message.split(':');
  return { key, params: max ? { max } : {} };
}
