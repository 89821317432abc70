import { DashboardLayout } from '../features/dashboard/components/dashboard-layout';
import { RequireUser } from './require-user';

/** The dashboard for signed-in users only (a visitor is sent to /auth). */
export function DashboardRoute() {
  return (
    <RequireUser>
      <DashboardLayout />
    </RequireUser>
  );
}
