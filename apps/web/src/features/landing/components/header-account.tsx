import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { DashboardIcon } from '../../../components/ui/icons';
import { Logo } from '../../../components/ui/logo';
import { useSession } from '../../../lib/session';
import { useSignOut } from '../../auth/api/session';

/**
 * Top-bar account corner: while the session loads, the logo with Loading; signed in, a greeting with
 * the e-mail (under 640 px, the e-mail's initial, which shows the greeting when tapped), the dashboard
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
      <span
        className="min-w-0 truncate text-sm text-ink-600 max-sm:hidden"
        title={email}
        data-testid="greeting"
      >
        {t('common.hello', { email })}
      </span>
      <PhoneGreeting email={email} />
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

/**
 * A phone has no room for the greeting beside the buttons (it came down to "B…"): the e-mail's initial
 * in a circle shows who is signed in, and a tap on it shows the greeting under the bar, until a tap
 * elsewhere, Escape or leaving it with the keyboard. Screen readers hear the greeting as its name.
 */
function PhoneGreeting({ email }: { email: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);
  const greeting = t('common.hello', { email });
  return (
    <div
      ref={root}
      className="sm:hidden"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        type="button"
        aria-label={greeting}
        aria-expanded={open}
        aria-controls={id}
        title={email}
        data-testid="account-initial"
        onClick={() => setOpen((shown) => !shown)}
        className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800 uppercase"
      >
        <span aria-hidden="true">{email.charAt(0)}</span>
      </button>
      <p
        id={id}
        hidden={!open}
        data-testid="phone-greeting"
        className="fixed inset-x-4 top-16 z-50 rounded-lg border border-ink-200 bg-white px-3 py-2 text-center text-sm break-all text-ink-700 shadow-lg"
      >
        {greeting}
      </p>
    </div>
  );
}
