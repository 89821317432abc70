/**
 * Watches the signed-in session (spec section 4): 30 minutes without activity signs the user out and
 * sends them to /auth; a check every 60 s does the same when the server no longer knows the session.
 * Both durations come from the server, so tests can shorten them.
 * The browser's tabs share one session: activity in any of them counts for all (an idle tab does not
 * sign out a user at work in another), and a tab that signs out tells the others, which check at once.
 */
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import type { SessionResponse } from '@vitrine/shared/api/auth';
import { useToast } from '../../../components/ui/toast';
import { api, ApiError } from '../../../lib/api-client';
import { browserStorage } from '../../../lib/browser-storage';
import { sessionQueryKey, useSession } from '../../../lib/session';
import { useScrollToTop } from '../../../lib/use-scroll-to-top';
import { useForgetPlanOnSignOut } from '../../billing/hooks/use-pending-plan';
import { SIGNED_OUT_KEY, useSignOut } from '../api/session';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart'] as const;
/** The last activity in any tab of this browser (ms since the epoch), written at most once a second. */
const ACTIVITY_KEY = 'vitrine.lastActivity';

/** Activity shared between the browser's tabs through local storage, where there is one. */
function sharedActivity() {
  const storage = browserStorage();
  let written = 0;
  return {
    record(now: number) {
      if (now - written < 1000) return;
      written = now;
      try {
        storage?.setItem(ACTIVITY_KEY, String(now));
      } catch {
        // Storage full or refused: this tab counts its own activity only.
      }
    },
    latest: () => Number(storage?.getItem(ACTIVITY_KEY)) || 0,
  };
}

/**
 * Navigation state asking to sign out once the destination is shown: signing out from a page only
 * signed-in users see (the dashboard) would let its guard send the user to the sign-in page first.
 */
export const SIGN_OUT_ON_ARRIVAL = { signOut: true } as const;

/** Signs out when a navigation asked for it, once its page is shown, and forgets the request. */
function useSignOutOnArrival(signOut: ReturnType<typeof useSignOut>['mutate']) {
  const location = useLocation();
  const navigate = useNavigate();
  const requested = (location.state as { signOut?: boolean } | null)?.signOut === true;
  useEffect(() => {
    if (!requested) return;
    signOut();
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [requested, signOut, navigate, location.pathname, location.search]);
}

export function SessionMonitor() {
  useScrollToTop();
  useForgetPlanOnSignOut();
  const session = useSession();
  const client = useQueryClient();
  const navigate = useNavigate();
  const signOut = useSignOut();
  useSignOutOnArrival(signOut.mutate);
  const { toast } = useToast();
  const { t } = useTranslation();
  // Set when the timers start (in the effect below), not during render.
  const lastActivity = useRef(0);
  const settings = session.data?.session;
  const signedIn = Boolean(session.data);

  useEffect(() => {
    if (!signedIn || !settings) return;
    const shared = sharedActivity();
    const onActivity = () => {
      lastActivity.current = Date.now();
      shared.record(lastActivity.current);
    };
    onActivity();
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    // Another tab signed out: this one asks for its session now rather than at its next check.
    const onStorage = (event: StorageEvent) => {
      if (event.key === SIGNED_OUT_KEY) void client.invalidateQueries({ queryKey: sessionQueryKey });
    };
    window.addEventListener('storage', onStorage);

    const expire = () => {
      client.setQueryData(sessionQueryKey, null);
      void navigate('/auth');
    };
    const idleTimer = window.setInterval(() => {
      const latest = Math.max(lastActivity.current, shared.latest());
      if (Date.now() - latest < settings.idleTimeoutSeconds * 1000) return;
      signOut.mutate(undefined, {
        onSettled: () => {
          toast({ title: t('auth.sessionExpired'), description: t('auth.sessionExpiredDescription') });
          expire();
        },
      });
    }, 1000);
    // The health check reads the session passively while the tab is idle, so an idle tab does not keep
    // it alive; after activity in the page (reading, filling a form: nothing the server sees) it counts
    // as activity, so a user at work is not signed out for not having sent a request.
    let lastCheck = Date.now();
    const healthTimer = window.setInterval(() => {
      const active = lastActivity.current > lastCheck;
      lastCheck = Date.now();
      // Ended here (401): to /auth. Signed out in another tab (null: no cookie left): signed out here
      // too, and the dashboard's guard sends a page that needs the session to /auth.
      api<SessionResponse | null>(active ? '/api/auth/session' : '/api/auth/session?passive=1').then(
        (response) => {
          if (response === null) client.setQueryData(sessionQueryKey, null);
        },
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 401) expire();
        },
      );
    }, settings.checkIntervalSeconds * 1000);

    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
      window.removeEventListener('storage', onStorage);
      window.clearInterval(idleTimer);
      window.clearInterval(healthTimer);
    };
    // signOut and toast are stable enough; re-arming on their identity would reset the idle clock.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn, settings?.idleTimeoutSeconds, settings?.checkIntervalSeconds]);

  return <Outlet />;
}
