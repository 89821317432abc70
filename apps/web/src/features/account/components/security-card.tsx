import type { ReactNode } from 'react';
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
      <SecurityAction
        title={t('account.security.passwordTitle')}
        help={t('account.security.passwordHelp', { email })}
        icon={<MailIcon className="size-4.5" />}
        label={t(forgot.isPending ? 'account.security.sending' : 'account.security.resetPassword')}
        pending={forgot.isPending}
        onClick={sendResetEmail}
      />
      <SecurityAction
        title={t('account.security.devicesTitle')}
        help={t('account.security.devicesHelp')}
        icon={<SignOutIcon className="size-4.5" />}
        label={t(
          signOutEverywhere.isPending
            ? 'account.security.signingOutEverywhere'
            : 'account.security.signOutEverywhere',
        )}
        pending={signOutEverywhere.isPending}
        onClick={endAllSessions}
        separated
      />
    </Card>
  );
}

/** One line of the card: what it is, what it does, and its button (a spinner while it works). */
function SecurityAction(props: {
  title: string;
  help: string;
  icon: ReactNode;
  label: string;
  pending: boolean;
  onClick: () => void;
  separated?: boolean;
}) {
  return (
    <div
      className={`flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between ${
        props.separated ? 'mt-4 border-t border-ink-100 pt-4' : ''
      }`}
    >
      <div className="min-w-0">
        <p className="text-sm font-medium text-ink-900">{props.title}</p>
        <p className="mt-0.5 text-sm text-ink-600">{props.help}</p>
      </div>
      <Button
        variant="secondary"
        onClick={props.onClick}
        disabled={props.pending}
        className="self-start sm:self-auto"
      >
        {props.pending ? <Spinner /> : props.icon}
        {props.label}
      </Button>
    </div>
  );
}
