import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useNavigate, useSearchParams } from 'react-router';
import { newPasswordField } from '@vitrine/shared/validation/fields';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { fieldErrors } from '../../../lib/form-errors';
import { ApiError } from '../../../lib/api-client';
import { useResetLinkCheck, useResetPassword } from '../api/session';
import { AuthLayout } from './auth-layout';
import { useApiErrorToast } from './use-api-error-toast';

/**
 * /reset-password?token=…: the target of the reset e-mail; sets a new password under the sign-up rules.
 * With `activate=1` it is where a confirmation link opened outside the sign-up browser leads: the owner
 * chooses the account's password, which activates it (docs/decisions/036).
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const activating = params.get('activate') === '1';
  const title = activating ? t('auth.activateTitle') : t('auth.resetTitle');
  useDocumentTitle(title);
  const navigate = useNavigate();
  const { toast } = useToast();
  const showError = useApiErrorToast();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  // A link already used, expired or unknown says so at once, instead of after both fields are typed.
  const check = useResetLinkCheck(token);
  const unusable = !token
    ? t('auth.resetMissingToken')
    : check.error instanceof ApiError && check.error.code === 'INVALID_TOKEN'
      ? t('errors.INVALID_TOKEN')
      : null;
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = newPasswordField.safeParse(password);
    if (!parsed.success) return setErrors({ password: Object.values(fieldErrors(parsed.error, t))[0] });
    if (password !== confirm) return setErrors({ confirm: t('auth.passwordsDiffer') });
    setErrors({});
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast({
            ...(activating
              ? { title: t('auth.activateDone'), description: t('auth.activateDoneDescription') }
              : { title: t('auth.resetDone'), description: t('auth.resetDoneDescription') }),
            group: 'auth',
          });
          void navigate('/auth');
        },
        onError: showError,
      },
    );
  };

  return (
    <AuthLayout title={title} subtitle={activating ? t('auth.activateSubtitle') : t('auth.resetSubtitle')}>
      {unusable ? (
        <div className="flex flex-col gap-4">
          <p role="alert" className="text-sm text-red-600">
            {unusable}
          </p>
          <ButtonLink to="/auth">{t('auth.requestNewLink')}</ButtonLink>
        </div>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <TextField
            label={t('auth.newPassword')}
            type="password"
            autoComplete="new-password"
            hint={t('auth.passwordHint')}
            value={password}
            error={errors.password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <TextField
            label={t('auth.confirmPassword')}
            type="password"
            autoComplete="new-password"
            value={confirm}
            error={errors.confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
          <Button type="submit" busy={reset.isPending} disabled={reset.isPending}>
            {reset.isPending
              ? t('auth.resetSaving')
              : activating
                ? t('auth.activateButton')
                : t('auth.resetButton')}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
