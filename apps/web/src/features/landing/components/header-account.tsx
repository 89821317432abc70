import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { DashboardIcon } from '../../../components/ui/icons';
import { Logo } from '../../../components/ui/logo';
import { useSession, useSignOut } from '../../auth/api/session';

/**
 * Top-bar account corner: while the session loads, the logo with Loading; signed in, a greeting with
 * the e-mail (under 640 px, the e-mail's initial, the greeting kept for screen readers), the dashboard
 * (an icon under 640 px) and Sign Out; else Get Started.
 */
export function HeaderAccount() {
  const { t } = useTranslation();
  const session = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  if (session.isPending)
    return (
      <span role="status" className="flex items-center gap-2 text-sm text-ink-400">
        <Logo className="animate-pulse [&>span:last-child]:hidden" />
        {t('common.loading')}
      </span>
    );
  if (!session.data) return <ButtonLink to="/auth">{t('common.getStarted')}</ButtonLink>;
  const email = session.data.user.email;
  return (
    <div className="flex min-w-0 items-center gap-2 sm:gap-3">
      {/* A phone has no room for the greeting (it came down to "B…"): the e-mail's initial in a circle
          shows who is signed in, and the greeting stays for screen readers. From 640 px, the words. */}
      <span
        className="min-w-0 truncate text-sm text-ink-600 max-sm:sr-only"
        title={email}
        data-testid="greeting"
      >
        {t('common.hello', { email })}
      </span>
      <span
        aria-hidden="true"
        title={email}
        data-testid="account-initial"
        className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800 uppercase sm:hidden"
      >
        {email.charAt(0)}
      </span>
      {/* On a phone, the icon alone (its name stays, for screen readers); from 640 px, the words. */}
      <ButtonLink to="/dashboard" variant="secondary" className="max-sm:size-9 max-sm:px-0 max-sm:py-0">
        <DashboardIcon className="size-4.5 sm:hidden" />
        <span className="max-sm:sr-only">{t('common.dashboard')}</span>
      </ButtonLink>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => signOut.mutate(undefined, { onSettled: () => void navigate('/') })}
      >
        {t('common.signOut')}
      </Button>
    </div>
  );
}
