/**
 * The app's routes, for the browser router and for the build step that renders the public pages to
 * HTML. The home page and the 404 screen are in the first bundle; every other page is
 * loaded when it is first visited, so a visitor of the public pages never downloads the dashboard,
 * the editor or the auth screens.
 */
import type { RouteObject } from 'react-router';
import { LANGUAGES } from '@vitrine/shared/locale';
import { PAGE_PATHS, TWIN_PAGE_NAMES, twinPath } from '@vitrine/shared/routes';
import { HomePage } from '../features/landing/components/home-page';
import { NotFoundPage } from '../features/not-found/components/not-found-page';
import { SessionMonitor } from '../features/auth/components/session-monitor';
import { FullPageSpinner } from '../components/ui/full-page-spinner';

const dashboardPages: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({ Component: (await import('../features/fusion/components/fusion-page')).FusionPage }),
  },
  {
    path: PAGE_PATHS.express,
    lazy: async () => ({
      Component: (await import('../features/express/components/express-page')).ExpressPage,
    }),
  },
  {
    path: PAGE_PATHS.history,
    lazy: async () => ({
      Component: (await import('../features/history/components/history-page')).HistoryPage,
    }),
  },
  {
    path: PAGE_PATHS.stats,
    lazy: async () => ({ Component: (await import('../features/stats/components/stats-page')).StatsPage }),
  },
  {
    path: PAGE_PATHS.account,
    lazy: async () => ({
      Component: (await import('../features/account/components/account-page')).AccountPage,
    }),
  },
];

/** The public pages in French and in English (/about and /about-en...), in one module for all. */
const twinPages: RouteObject[] = TWIN_PAGE_NAMES.flatMap((page) =>
  LANGUAGES.map((lang) => ({
    path: twinPath(page, lang),
    lazy: async () => ({ Component: (await import('../features/site/pages')).TWIN_PAGE_COMPONENTS[page] }),
  })),
);

export const routes: RouteObject[] = [
  {
    element: <SessionMonitor />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      { path: PAGE_PATHS.home, element: <HomePage /> },
      ...twinPages,
      {
        path: PAGE_PATHS.auth,
        lazy: async () => ({ Component: (await import('../features/auth/components/auth-page')).AuthPage }),
      },
      {
        path: PAGE_PATHS.resetPassword,
        lazy: async () => ({
          Component: (await import('../features/auth/components/reset-password-page')).ResetPasswordPage,
        }),
      },
      {
        path: PAGE_PATHS.fusion,
        lazy: async () => ({ Component: (await import('./dashboard-route')).DashboardRoute }),
        children: dashboardPages,
      },
      // Any other path: the server answers it with status 404 (PAGE_PATHS lists the pages above).
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
