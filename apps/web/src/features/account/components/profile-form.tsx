import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { profileUpdateInput } from '@vitrine/shared/api/auth';
import { NAME_MAX_LENGTH, TEXT_MAX_LENGTH, URL_MAX_LENGTH } from '@vitrine/shared/validation/fields';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { errorDescription } from '../../../lib/error-description';
import { fieldErrors } from '../../../lib/form-errors';
import type { ProfileResponse } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { PROFILE_FIELDS, changedFields, toFormValues, type ProfileField } from '../lib/profile-form';
import { TextField } from '../../../components/ui/text-field';

type FieldErrors = Partial<Record<ProfileField, string>>;

const INPUTS: Record<
  ProfileField,
  { autoComplete: string; type?: string; maxLength: number; required?: boolean }
> = {
  firstName: { autoComplete: 'given-name', maxLength: NAME_MAX_LENGTH, required: true },
  lastName: { autoComplete: 'family-name', maxLength: NAME_MAX_LENGTH, required: true },
  companyName: { autoComplete: 'organization', maxLength: TEXT_MAX_LENGTH },
  jobTitle: { autoComplete: 'organization-title', maxLength: TEXT_MAX_LENGTH },
  phoneNumber: { autoComplete: 'tel', type: 'tel', maxLength: 30 },
  website: { autoComplete: 'url', type: 'url', maxLength: URL_MAX_LENGTH },
};

/** The edit mode of the personal information card. */
export function ProfileForm({ data, onDone }: { data: ProfileResponse; onDone: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const update = useUpdateProfile();
  const [values, setValues] = useState(() => toFormValues(data.profile));
  const [errors, setErrors] = useState<FieldErrors>({});

  /** Shows the messages of the form's own fields and puts the cursor in the first one. */
  function showErrors(form: HTMLFormElement, messages: Record<string, string>) {
    const shown = PROFILE_FIELDS.filter((field) => messages[field]);
    setErrors(Object.fromEntries(shown.map((field) => [field, messages[field]])));
    if (shown[0]) (form.elements.namedItem(shown[0]) as HTMLInputElement | null)?.focus();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const changes = changedFields(values, data.profile);
    // The server's own contract, so the browser reports the same messages before any request.
    const checked = profileUpdateInput.partial().safeParse(changes);
    if (!checked.success) return showErrors(form, fieldErrors(checked.error, t));
    if (Object.keys(changes).length === 0) return onDone();

    update.mutate(changes, {
      onSuccess: () => {
        toast({ title: t('account.profile.saved') });
        onDone();
      },
      onError: (error) => {
        showErrors(form, error instanceof ApiError ? error.fields : {});
        const title = t('account.profile.saveFailed');
        toast({ title, description: errorDescription(error, title), variant: 'destructive' });
      },
    });
  }

  function change(field: ProfileField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  return (
    <form noValidate onSubmit={submit}>
      <div className="grid gap-x-6 gap-y-5 sm:grid-cols-2">
        {PROFILE_FIELDS.map((field, index) => (
          <TextField
            key={field}
            name={field}
            label={t(`account.fields.${field}`)}
            value={values[field]}
            onChange={(event) => change(field, event.target.value)}
            error={errors[field]}
            placeholder={
              field === 'website' || field === 'phoneNumber' ? t(`account.placeholders.${field}`) : undefined
            }
            autoFocus={index === 0}
            {...INPUTS[field]}
          />
        ))}
        <TextField
          label={t('account.fields.email')}
          value={data.email}
          readOnly
          hint={t('account.profile.emailReadOnly')}
          className="sm:col-span-2"
        />
      </div>
      <div className="mt-6 flex flex-col-reverse gap-3 border-t border-ink-100 pt-5 sm:flex-row sm:items-center">
        <p className="text-xs text-ink-400 sm:mr-auto">{t('account.profile.requiredHint')}</p>
        <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
          {t('account.profile.cancel')}
        </Button>
        <Button type="submit" disabled={update.isPending} busy={update.isPending}>
          {t(update.isPending ? 'account.profile.saving' : 'account.profile.save')}
        </Button>
      </div>
    </form>
  );
}
