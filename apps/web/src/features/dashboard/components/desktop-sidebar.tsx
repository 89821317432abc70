import { useTranslation } from 'react-i18next';
import { SidebarNav } from './sidebar-nav';

export const DESKTOP_SIDEBAR_ID = 'dashboard-sidebar';

/** From 768 px: a column under the header, 16rem wide, or 3rem of icons when collapsed. */
export function DesktopSidebar({ expanded }: { expanded: boolean }) {
  const { t } = useTranslation();
  return (
    <aside
      id={DESKTOP_SIDEBAR_ID}
      className={`hidden shrink-0 border-r border-ink-100 bg-white transition-[width] duration-200 ease-out md:block ${
        expanded ? 'w-64' : 'w-12'
      }`}
    >
      {/* The column runs the page's full height; only the menu inside stays in view while scrolling. */}
      <nav
        aria-labelledby="dashboard-sidebar-title"
        className={`sticky top-16 ${expanded ? 'px-3 py-5' : 'px-1.5 py-5'}`}
      >
        <h2
          id="dashboard-sidebar-title"
          className={
            expanded
              ? 'mb-2 truncate px-3 text-xs font-semibold tracking-wider text-ink-400 uppercase'
              : 'sr-only'
          }
        >
          {t('dashboard.nav.title')}
        </h2>
        <SidebarNav collapsed={!expanded} />
      </nav>
    </aside>
  );
}
