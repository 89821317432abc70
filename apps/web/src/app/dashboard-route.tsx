import { DashboardLayout } from '../features/dashboard/components/dashboard-layout';
import appCatalogs from 'virtual:catalog/app';
import { addCatalogs } from './i18n';
import { RequireUser } from './require-user';

addCatalogs(appCatalogs);

/** The dashboard for signed-in users only (a visitor is sent to /auth). */
export function DashboardRoute() {
  return (
    <RequireUser>
      <DashboardLayout />
    </RequireUser>
  );
}
