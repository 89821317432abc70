import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { signUpInput } from '@vitrine/shared/api/auth';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { fieldErrors } from '../../../lib/form-errors';
import { useSignUp } from '../api/session';
import { useApiErrorToast } from './use-api-error-toast';

const EMPTY = {
  firstName: '',
  lastName: '',
  companyName: '',
  jobTitle: '',
  phoneNumber: '',
  website: '',
  email: '',
  password: '',
};
type Field = keyof typeof EMPTY;

/** `onDone` gets the address the confirmation link was sent to. */
export function SignUpForm({ onDone }: { onDone(email: string): void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const showError = useApiErrorToast();
  const signUp = useSignUp();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const bind = (field: Field) => ({
    value: values[field],
    error: errors[field],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The same rules as the server, checked here first so mistakes show at once.
    const parsed = signUpInput.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, t));
      return;
    }
    setErrors({});
    signUp.mutate(values, {
      onSuccess: () => {
        toast({ title: t('auth.signUpSuccess'), group: 'auth' });
        setValues(EMPTY);
        onDone(parsed.data.email);
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fields);
        showError(error);
      },
    });
  };

  return (
    <form onSubmit={submit} className="grid grid-cols-1 gap-4 sm:grid-cols-2" noValidate>
      <TextField label={t('auth.firstName')} autoComplete="given-name" {...bind('firstName')} />
      <TextField label={t('auth.lastName')} autoComplete="family-name" {...bind('lastName')} />
      <TextField label={t('auth.company')} autoComplete="organization" {...bind('companyName')} />
      <TextField label={t('auth.jobTitle')} autoComplete="organization-title" {...bind('jobTitle')} />
      <TextField label={t('auth.phone')} type="tel" autoComplete="tel" {...bind('phoneNumber')} />
      <TextField
        label={t('auth.website')}
        type="url"
        autoComplete="url"
        placeholder="https://"
        {...bind('website')}
      />
      <TextField
        className="sm:col-span-2"
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        {...bind('email')}
      />
      <TextField
        className="sm:col-span-2"
        label={t('auth.password')}
        type="password"
        autoComplete="new-password"
        hint={t('auth.passwordHint')}
        {...bind('password')}
      />
      <Button type="submit" className="sm:col-span-2" busy={signUp.isPending} disabled={signUp.isPending}>
        {signUp.isPending ? t('auth.signingUp') : t('auth.signUpButton')}
      </Button>
    </form>
  );
}
