/** Request and response shapes of the authentication and profile API, shared with the web forms. */
import { z } from 'zod';
import { text } from '../validation/schema';
import { LANGUAGES, type Lang } from '../locale';
import {
  accountEmailField,
  newPasswordField,
  optionalPhone,
  optionalText,
  optionalWebsite,
  requiredName,
  PASSWORD_MAX_LENGTH,
} from '../validation/fields';

export const profileFields = {
  firstName: requiredName,
  lastName: requiredName,
  companyName: optionalText(),
  jobTitle: optionalText(),
  phoneNumber: optionalPhone,
  website: optionalWebsite,
};

export const signUpInput = z.object({
  email: accountEmailField,
  password: newPasswordField,
  ...profileFields,
});
export type SignUpInput = z.input<typeof signUpInput>;

export const signInInput = z.object({
  email: accountEmailField,
  password: text({ error: 'validation.notText' })
    .min(1, 'validation.required')
    .max(PASSWORD_MAX_LENGTH, 'validation.passwordTooLong'),
});
export type SignInInput = z.input<typeof signInInput>;

export const emailOnlyInput = z.object({ email: accountEmailField });

/** Longer than any link Vitrine sends: such a token is answered as an unknown link (INVALID_TOKEN). */
export const RESET_TOKEN_MAX_LENGTH = 512;

const resetToken = text({ error: 'validation.notText' }).min(1, 'validation.required');

export const resetPasswordInput = z.object({ token: resetToken, password: newPasswordField });

/** Whether a reset link still works, asked when its page opens (so a used link says so at once). */
export const resetTokenInput = z.object({ token: resetToken }).strict();

/** The dashboard's language, remembered by the account (PUT /api/profile/language). */
export const languageUpdateInput = z
  .object({ language: z.enum(LANGUAGES, { error: 'validation.language' }) })
  .strict();

export const profileUpdateInput = z.object(profileFields).strict();
export type ProfileUpdateInput = z.input<typeof profileUpdateInput>;

export type Profile = {
  firstName: string;
  lastName: string;
  companyName: string | null;
  jobTitle: string | null;
  phoneNumber: string | null;
  website: string | null;
};

export type SessionResponse = {
  /** language: the one the account was made in or last chose in the dashboard; null if never recorded. */
  user: { id: string; email: string; emailVerified: boolean; createdAt: string; language: Lang | null };
  profile: Profile | null;
  session: { expiresAt: string; idleTimeoutSeconds: number; checkIntervalSeconds: number };
};

export type AuthProvidersResponse = { google: boolean };
