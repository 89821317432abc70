import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Lang } from '@vitrine/shared/locale';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { HomeIcon, PanelLeftIcon, SignOutIcon } from '../../../components/ui/icons';
import { LanguageToggle } from '../../../components/ui/language-toggle';
import { Logo } from '../../../components/ui/logo';
import { SIGN_OUT_ON_ARRIVAL } from '../../auth/components/session-monitor';
import type { SidebarState } from '../hooks/use-sidebar';
import { DESKTOP_SIDEBAR_ID } from './desktop-sidebar';
import { MOBILE_SHEET_ID } from './mobile-sheet';

type Props = {
  sidebar: SidebarState;
  email: string;
  onLanguageChange: (lang: Lang) => void;
  /** Receives the row under the header's controls where notices may show (see NoticePlacement). */
  noticeSlot?: (element: HTMLDivElement | null) => void;
};

export const DASHBOARD_HEADER_ID = 'dashboard-header';

export function DashboardHeader({ sidebar, email, onLanguageChange, noticeSlot }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const menuOpen = sidebar.isMobile ? sidebar.sheetOpen : sidebar.expanded;
  const toggleLabel = sidebar.isMobile
    ? t(menuOpen ? 'dashboard.sidebar.close' : 'dashboard.sidebar.open')
    : t(menuOpen ? 'dashboard.sidebar.collapse' : 'dashboard.sidebar.expand');

  function handleSignOut() {
    // To the home page (spec: sign out goes to /), which signs out once it is shown (SessionMonitor):
    // a session forgotten while the dashboard is still shown makes its guard send the user to the
    // sign-in page instead.
    void navigate('/', { state: SIGN_OUT_ON_ARRIVAL });
  }

  return (
    <header
      id={DASHBOARD_HEADER_ID}
      className="sticky top-0 z-30 border-b border-ink-100 bg-white/90 backdrop-blur"
    >
      <div className="flex h-16 items-center gap-2 px-3 sm:gap-3 sm:px-4">
        <Button
          variant="ghost"
          size="icon"
          onClick={sidebar.toggle}
          aria-label={toggleLabel}
          aria-expanded={menuOpen}
          aria-controls={sidebar.isMobile ? MOBILE_SHEET_ID : DESKTOP_SIDEBAR_ID}
          aria-keyshortcuts="Control+B Meta+B"
          title={`${toggleLabel} (Ctrl/⌘ B)`}
        >
          <PanelLeftIcon />
        </Button>
        <Logo className="text-ink-900" />
        <div className="ml-auto flex min-w-0 items-center gap-1.5 sm:gap-2">
          <LanguageToggle onChange={onLanguageChange} />
          <ButtonLink to="/" variant="ghost" size="sm">
            <HomeIcon className="size-4.5" />
            <span className="sr-only sm:not-sr-only">{t('dashboard.header.home')}</span>
          </ButtonLink>
          {email && (
            <span
              className="hidden max-w-56 truncate lg:max-w-72 border-l border-ink-100 pl-3 text-sm text-ink-600 md:block"
              title={`${t('dashboard.header.signedInAs')} ${email}`}
            >
              {email}
            </span>
          )}
          <Button variant="secondary" size="sm" onClick={handleSignOut}>
            <SignOutIcon className="size-4.5" />
            <span className="sr-only sm:not-sr-only">{t('dashboard.header.signOut')}</span>
          </Button>
        </div>
      </div>
      <div ref={noticeSlot} className="flex" />
    </header>
  );
}
