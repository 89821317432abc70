import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { useSignIn } from '../api/session';
import { useApiErrorToast } from './use-api-error-toast';

export function SignInForm({
  onForgot,
  initialEmail = '',
}: {
  onForgot(email: string): void;
  initialEmail?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { toast } = useToast();
  const showError = useApiErrorToast();
  const signIn = useSignIn();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      toast({
        variant: 'destructive',
        title: t('common.error'),
        description: t('errors.CREDENTIALS_REQUIRED'),
      });
      return;
    }
    signIn.mutate(
      { email: email.trim().toLowerCase(), password },
      {
        onSuccess: () => {
          toast({ title: t('auth.signInSuccess') });
          void navigate('/');
        },
        onError: showError,
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <TextField
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <button
        type="button"
        className="self-end text-sm text-brand-700 hover:underline"
        onClick={() => onForgot(email)}
      >
        {t('auth.forgotLink')}
      </button>
      <Button type="submit" busy={signIn.isPending} disabled={signIn.isPending}>
        {signIn.isPending ? t('auth.signingIn') : t('auth.signInButton')}
      </Button>
    </form>
  );
}
