import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../lib/session';
import { FullPageSpinner } from '../components/ui/full-page-spinner';

/** Pages for signed-in users: a visitor is sent to /auth (spec section 2). */
export function RequireUser({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <FullPageSpinner />;
  if (!session.data) return <Navigate to="/auth" replace state={{ from: location.pathname }} />;
  return children;
}
