import { createBrowserRouter } from 'react-router';
import { PAGE_PATHS } from '@vitrine/shared/routes';
import { HomePage } from '../features/landing/components/home-page';
import { NotFoundPage } from '../features/not-found/components/not-found-page';
import { AuthPage } from '../features/auth/components/auth-page';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page';
import { DashboardLayout } from '../features/dashboard/components/dashboard-layout';
import { FusionPage } from '../features/fusion/components/fusion-page';
import { ExpressPage } from '../features/express/components/express-page';
import { HistoryPage } from '../features/history/components/history-page';
import { StatsPage } from '../features/stats/components/stats-page';
import { AccountPage } from '../features/account/components/account-page';
import { RequireUser } from './require-user';
import { SessionMonitor } from '../features/auth/components/session-monitor';

export const router = createBrowserRouter([
  {
    element: <SessionMonitor />,
    children: [
      { path: PAGE_PATHS.home, element: <HomePage /> },
      { path: PAGE_PATHS.auth, element: <AuthPage /> },
      { path: PAGE_PATHS.resetPassword, element: <ResetPasswordPage /> },
      {
        path: PAGE_PATHS.fusion,
        element: (
          <RequireUser>
            <DashboardLayout />
          </RequireUser>
        ),
        children: [
          { index: true, element: <FusionPage /> },
          { path: PAGE_PATHS.express, element: <ExpressPage /> },
          { path: PAGE_PATHS.history, element: <HistoryPage /> },
          { path: PAGE_PATHS.stats, element: <StatsPage /> },
          { path: PAGE_PATHS.account, element: <AccountPage /> },
        ],
      },
      // Any other path: the server answers it with status 404 (PAGE_PATHS lists the pages above).
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
