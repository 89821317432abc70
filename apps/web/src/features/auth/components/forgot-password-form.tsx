import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { emailOnlyInput } from '@vitrine/shared/api/auth';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { fieldErrors } from '../../../lib/form-errors';
import { useForgotPassword } from '../api/session';

export function ForgotPasswordForm({ initialEmail, onDone }: { initialEmail: string; onDone(): void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const forgot = useForgotPassword();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailOnlyInput.safeParse({ email });
    if (!parsed.success) return setError(fieldErrors(parsed.error, t).email);
    setError(undefined);
    forgot.mutate(parsed.data.email, {
      onSuccess: () => {
        toast({
          title: t('auth.resetEmailSent'),
          description: t('auth.resetEmailSentDescription'),
          group: 'auth',
        });
        onDone();
      },
      onError: () =>
        toast({
          variant: 'destructive',
          title: t('common.error'),
          description: t('errors.RESET_EMAIL_FAILED'),
          group: 'auth',
        }),
    });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <TextField
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        value={email}
        error={error}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Button type="submit" busy={forgot.isPending} disabled={forgot.isPending}>
        {forgot.isPending ? t('auth.sending') : t('auth.forgotButton')}
      </Button>
    </form>
  );
}
