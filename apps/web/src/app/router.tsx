import { createBrowserRouter } from 'react-router';
import { HomePage } from '../features/landing/components/home-page';
import { NotFoundPage } from '../features/not-found/components/not-found-page';
import { AuthPage } from '../features/auth/components/auth-page';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page';
import { RequireUser } from './require-user';
import { SessionMonitor } from '../features/auth/components/session-monitor';

export const router = createBrowserRouter([
  {
    element: <SessionMonitor />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/auth', element: <AuthPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      {
        path: '/dashboard',
        // The dashboard loads on demand: the public pages stay light.
        lazy: async () => {
          const { DashboardLayout } = await import('../features/dashboard/components/dashboard-layout');
          return {
            element: (
              <RequireUser>
                <DashboardLayout />
              </RequireUser>
            ),
          };
        },
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('../features/fusion/components/fusion-page')).FusionPage,
            }),
          },
          {
            path: 'express',
            lazy: async () => ({
              Component: (await import('../features/express/components/express-page')).ExpressPage,
            }),
          },
          {
            path: 'history',
            lazy: async () => ({
              Component: (await import('../features/history/components/history-page')).HistoryPage,
            }),
          },
          {
            path: 'stats',
            lazy: async () => ({
              Component: (await import('../features/stats/components/stats-page')).StatsPage,
            }),
          },
          {
            path: 'account',
            lazy: async () => ({
              Component: (await import('../features/account/components/account-page')).AccountPage,
            }),
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
