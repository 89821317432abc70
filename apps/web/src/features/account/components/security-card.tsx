import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { MailIcon, ShieldIcon, SignOutIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { errorDescription } from '../../../lib/error-description';
import { useForgotPassword, useSignOutEverywhere } from '../../auth/api/session';

/**
 * Password reset from inside the account (the same e-mail link as "forgot password" on /auth), and
 * signing out of every device at once.
 */
export function SecurityCard({ email }: { email: string }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  const signOutEverywhere = useSignOutEverywhere();

  function endAllSessions() {
    signOutEverywhere.mutate(undefined, {
      onSuccess: () => {
        toast({
          title: t('account.security.signedOutEverywhere'),
          description: t('account.security.signedOutEverywhereDescription'),
        });
        void navigate('/auth');
      },
      onError: (error) => {
        const title = t('account.security.signOutEverywhereFailed');
        toast({ title, description: errorDescription(error, title), variant: 'destructive' });
      },
    });
  }

  function sendResetEmail() {
    forgot.mutate(email, {
      onSuccess: () =>
        toast({
          title: t('account.security.emailSent'),
          description: t('account.security.emailSentDescription'),
        }),
      onError: (error) => {
        const title = t('account.security.emailFailed');
        toast({ title, description: errorDescription(error, title), variant: 'destructive' });
      },
    });
  }

  return (
    <Card
      labelledBy="security-title"
      title={t('account.security.title')}
      description={t('account.security.description')}
      icon={<ShieldIcon />}
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-medium text-ink-900">{t('account.security.passwordTitle')}</p>
          <p className="mt-0.5 text-sm text-ink-600">{t('account.security.passwordHelp', { email })}</p>
        </div>
        <Button
          variant="secondary"
          onClick={sendResetEmail}
          disabled={forgot.isPending}
          className="self-start sm:self-auto"
        >
          {forgot.isPending ? <Spinner /> : <MailIcon className="size-4.5" />}
          {t(forgot.isPending ? 'account.security.sending' : 'account.security.resetPassword')}
        </Button>
      </div>
      <div className="mt-4 flex flex-col gap-4 border-t border-ink-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-medium text-ink-900">{t('account.security.devicesTitle')}</p>
          <p className="mt-0.5 text-sm text-ink-600">{t('account.security.devicesHelp')}</p>
        </div>
        <Button
          variant="secondary"
          onClick={endAllSessions}
          disabled={signOutEverywhere.isPending}
          className="self-start sm:self-auto"
        >
          {signOutEverywhere.isPending ? <Spinner /> : <SignOutIcon className="size-4.5" />}
          {t(
            signOutEverywhere.isPending
              ? 'account.security.signingOutEverywhere'
              : 'account.security.signOutEverywhere',
          )}
        </Button>
      </div>
    </Card>
  );
}
