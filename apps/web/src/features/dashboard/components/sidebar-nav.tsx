import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { NAV_ITEMS, isNavItemActive } from '../lib/nav-items';
import { NavIcon } from './nav-icon';

/**
 * The list of dashboard pages. Collapsed, only icons show: the label becomes the link's accessible
 * name and a tooltip on hover or keyboard focus.
 */
export function SidebarNav({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const product = t('app.name');
  return (
    <ul className="flex flex-col gap-1">
      {NAV_ITEMS.map((item) => {
        const active = isNavItemActive(item, pathname);
        const label = t(item.labelKey, { product });
        return (
          <li key={item.id} className="group/item relative">
            <Link
              to={item.to}
              onClick={onNavigate}
              aria-current={active ? 'page' : undefined}
              aria-label={collapsed ? label : undefined}
              className={`flex items-center rounded-lg text-sm transition ${
                collapsed ? 'size-9 justify-center' : 'h-10 gap-3 px-3'
              } ${
                active
                  ? 'bg-brand-50 font-semibold text-brand-700'
                  : 'font-medium text-ink-600 hover:bg-ink-50 hover:text-ink-900'
              }`}
            >
              <NavIcon id={item.id} className={active ? 'size-5 text-brand-600' : 'size-5 text-ink-400'} />
              {!collapsed && <span className="truncate">{label}</span>}
            </Link>
            {collapsed && (
              <span
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-full z-40 ml-3 -translate-y-1/2 rounded-md bg-ink-900 px-2.5 py-1 text-xs font-medium whitespace-nowrap text-white opacity-0 shadow-lg transition group-focus-within/item:opacity-100 group-hover/item:opacity-100"
              >
                {label}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
