import { createBrowserRouter } from 'react-router';
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
      { path: '/', element: <HomePage /> },
      { path: '/auth', element: <AuthPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      {
        path: '/dashboard',
        element: (
          <RequireUser>
            <DashboardLayout />
          </RequireUser>
        ),
        children: [
          { index: true, element: <FusionPage /> },
          { path: 'express', element: <ExpressPage /> },
          { path: 'history', element: <HistoryPage /> },
          { path: 'stats', element: <StatsPage /> },
          { path: 'account', element: <AccountPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
