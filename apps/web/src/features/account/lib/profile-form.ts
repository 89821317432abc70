/** The account form's values, what changed in them, and their check with the server's own rules. */
import { profileUpdateInput, type Profile, type ProfileUpdateInput } from '@vitrine/shared/api/auth';
import { parseValidationMessage } from '@vitrine/shared/validation/fields';

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
export type FieldProblem = { key: string; params: Record<string, string> };

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

/** The same zod contract the server parses with, so the browser reports the same messages first. */
export function profileProblems(
  changes: Partial<ProfileUpdateInput>,
): Partial<Record<ProfileField, FieldProblem>> {
  const result = profileUpdateInput.partial().safeParse(changes);
  if (result.success) return {};
  const problems: Partial<Record<ProfileField, FieldProblem>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ProfileField | undefined;
    if (!field || problems[field]) continue;
    const { key, params } = parseValidationMessage(issue.message);
    problems[field] = { key: key.startsWith('validation.') ? key : 'validation.notText', params };
  }
  return problems;
}
