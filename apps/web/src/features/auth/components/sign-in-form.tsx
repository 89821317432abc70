import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { LockIcon } from '../../../components/ui/icons';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useSignIn } from '../api/session';
import { useApiErrorToast } from './use-api-error-toast';

/** Wrong passwords in a row after which the form offers to choose a new one. */
const RETRY_HINT_AFTER = 2;

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
  // Wrong passwords in a row for this address: from the second, the way to a new one is offered.
  const [misses, setMisses] = useState(0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      toast({
        variant: 'destructive',
        title: t('common.error'),
        description: t('errors.CREDENTIALS_REQUIRED'),
        // Replaces the last error's notice, like a refusal from the server (use-api-error-toast.ts).
        group: 'auth',
      });
      return;
    }
    signIn.mutate(
      { email: email.trim().toLowerCase(), password },
      {
        onSuccess: () => {
          // Takes the place of a failed attempt's notice: the outcome now is success.
          toast({ title: t('auth.signInSuccess'), group: 'auth' });
          void navigate('/');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'INVALID_CREDENTIALS') setMisses((n) => n + 1);
          showError(error);
        },
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
        onChange={(e) => {
          setEmail(e.target.value);
          setMisses(0);
        }}
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
      {misses >= RETRY_HINT_AFTER && (
        <Notice role="status" tone="info" icon={<LockIcon />} title={t('auth.retryTitle')}>
          <p>{t('auth.retryText')}</p>
          <Button
            type="button"
            variant="secondary"
            size="sm"
            className="mt-2"
            onClick={() => onForgot(email)}
          >
            {t('auth.retryButton')}
          </Button>
        </Notice>
      )}
      <Button type="submit" busy={signIn.isPending} disabled={signIn.isPending}>
        {signIn.isPending ? t('auth.signingIn') : t('auth.signInButton')}
      </Button>
    </form>
  );
}
