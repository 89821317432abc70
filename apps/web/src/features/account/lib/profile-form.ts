/** The account form's values and what changed in them. */
import type { Profile, ProfileUpdateInput } from '@vitrine/shared/api/auth';

export const PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'companyName',
  'jobTitle',
  'phoneNumber',
  'website',
] as const satisfies readonly (keyof Profile)[];

export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileFormValues = Record<ProfileField, string>;

export function toFormValues(profile: Profile): ProfileFormValues {
  return Object.fromEntries(
    PROFILE_FIELDS.map((field) => [field, profile[field] ?? '']),
  ) as ProfileFormValues;
}

/**
 * Only the fields the user edited are sent, so the security log names exactly those. Spaces around a
 * value do not count as a change (the server trims them).
 */
export function changedFields(values: ProfileFormValues, profile: Profile): Partial<ProfileUpdateInput> {
  const changes: Partial<ProfileUpdateInput> = {};
  for (const field of PROFILE_FIELDS) {
    const next = values[field].trim();
    if (next !== (profile[field] ?? '')) changes[field] = next;
  }
  return changes;
}
