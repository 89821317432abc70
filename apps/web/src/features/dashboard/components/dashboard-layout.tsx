import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useNoticePlacement } from '../../../components/ui/toast';
import { useSession } from '../../../lib/session';
import { useGenerationEvents } from '../../generations/hooks/use-generation-events';
import { useDashboardLanguage } from '../hooks/use-dashboard-language';
import { useHeaderClearance } from '../hooks/use-header-clearance';
import { useSidebar } from '../hooks/use-sidebar';
import { isFullWidthPage } from '../lib/nav-items';
import { DashboardHeader } from './dashboard-header';
import { DesktopSidebar } from './desktop-sidebar';
import { MobileSheet } from './mobile-sheet';

/** The signed-in shell (spec section 2, Dashboard layout): header, sidebar and the current page. */
export function DashboardLayout() {
  const { t } = useTranslation();
  const saveLanguage = useDashboardLanguage();
  const sidebar = useSidebar();
  const { pathname } = useLocation();
  const email = useSession().data?.user.email ?? '';
  // Live generation updates and their toasts, on every dashboard page.
  useGenerationEvents();
  // Notices hide nothing: in the open sidebar's empty foot, else in the header, which grows to hold
  // them and pushes the page down (decision 038).
  const [noticeSlot, setNoticeSlot] = useState<HTMLDivElement | null>(null);
  useNoticePlacement(!sidebar.isMobile && sidebar.expanded ? 'sidebar' : 'header', noticeSlot);
  useHeaderClearance();

  // While the phone menu is open it is modal: the page behind it is out of reach of keyboard and
  // assistive technologies, so the focus cannot wander behind the menu.
  const behindSheet = sidebar.isMobile && sidebar.sheetOpen;
  return (
    <div className="min-h-dvh bg-ink-50">
      <div inert={behindSheet}>
        <a
          href="#dashboard-main"
          className="sr-only rounded-lg bg-white px-4 py-2 text-sm font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
        >
          {t('dashboard.skipToContent')}
        </a>
        <DashboardHeader
          sidebar={sidebar}
          email={email}
          onLanguageChange={saveLanguage}
          noticeSlot={setNoticeSlot}
        />
        <div className="flex min-h-[calc(100dvh-4rem)]">
          <DesktopSidebar expanded={sidebar.expanded} />
          <main
            id="dashboard-main"
            tabIndex={-1}
            className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-10 lg:py-10"
          >
            <div className={isFullWidthPage(pathname) ? 'w-full' : 'mx-auto w-full max-w-5xl'}>
              <Outlet />
            </div>
          </main>
        </div>
      </div>
      {sidebar.isMobile && (
        <MobileSheet open={sidebar.sheetOpen} onClose={sidebar.closeSheet} email={email} />
      )}
    </div>
  );
}
