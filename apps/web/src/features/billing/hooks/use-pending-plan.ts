/**
 * The paid plan a visitor chose before having an account (../lib/pending-plan): offered again in the
 * pricing once the user is signed in, and forgotten when used, declined, bought, or when whoever chose
 * it signs out.
 */
import { useEffect, useRef, useState } from 'react';
import type { PaidPlan } from '@vitrine/shared/api/billing';
import { browserStorage } from '../../../lib/browser-storage';
import { useSession } from '../../../lib/session';
import { forgetPlan, pendingPlan } from '../lib/pending-plan';

/**
 * The plan to offer (null while the subscription is unknown, or for a subscriber), a ref for where it
 * is offered (brought into view once, for a reader still at the top of the page), and `forget`.
 */
export function usePendingPlan({
  signedIn,
  subscriptionKnown,
  subscribed,
}: {
  signedIn: boolean;
  subscriptionKnown: boolean;
  subscribed: boolean;
}) {
  const [openedAt] = useState(() => Date.now());
  const [dismissed, setDismissed] = useState(false);
  const chosen = signedIn && !dismissed ? pendingPlan(browserStorage(), openedAt) : null;
  const pending: PaidPlan | null = chosen && subscriptionKnown && !subscribed ? chosen : null;
  const ref = useRef<HTMLDivElement>(null);
  const shown = useRef(false);
  useEffect(() => {
    // Subscribed meanwhile (in another tab): nothing is pending any more.
    if (chosen && subscribed) forgetPlan(browserStorage());
  }, [chosen, subscribed]);
  useEffect(() => {
    if (!pending || shown.current || !ref.current) return;
    shown.current = true;
    if (window.scrollY < 100) ref.current.scrollIntoView({ block: 'start' });
  });
  const forget = () => {
    forgetPlan(browserStorage());
    setDismissed(true);
  };
  return { pending, ref, forget };
}

/**
 * A pending plan belongs to whoever was at this browser then: signing out (or being signed out)
 * forgets it, so the next person to sign in is not offered it. An expired one is cleared at start.
 */
export function useForgetPlanOnSignOut(): void {
  const session = useSession();
  const signedIn = Boolean(session.data);
  const wasSignedIn = useRef(false);
  useEffect(() => {
    // Reading an expired plan clears it.
    pendingPlan(browserStorage(), Date.now());
  }, []);
  useEffect(() => {
    if (wasSignedIn.current && !signedIn && !session.isPending) forgetPlan(browserStorage());
    wasSignedIn.current = signedIn;
  }, [signedIn, session.isPending]);
}
