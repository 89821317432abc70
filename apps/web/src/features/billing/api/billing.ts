/**
 * Paid plans from the browser (spec sections 4, 6, 7 and 8): the subscription status, re-read whenever
 * the signed-in user changes, and the checkout and customer portal, each opened in a new tab.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillingUrl, PaidPlan, SubscriptionStatus } from '@vitrine/shared/api/billing';
import { useToast } from '../../../components/ui/toast';
import { api, ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { usageQueryKey } from './get-usage';

const NOT_SUBSCRIBED: SubscriptionStatus = {
  subscribed: false,
  tier: null,
  periodEnd: null,
  cancelAtPeriodEnd: false,
};

export const subscriptionQueryKey = (userId: string | undefined) => ['subscription', userId] as const;

/** How long the account page keeps asking after a payment, in case the provider's word is late. */
const AWAIT_PURCHASE_MS = 60_000;

/**
 * Not subscribed while signed out, until the first answer, and when the check fails (logged only).
 * `awaitPurchase` (back from a payment) asks every 2 seconds, for a minute, until it is subscribed.
 */
export function useSubscription({ awaitPurchase = false } = {}): SubscriptionStatus & {
  isPending: boolean;
} {
  const [since] = useState(() => Date.now());
  const client = useQueryClient();
  const userId = useSession().data?.user.id;
  const key = subscriptionQueryKey(userId);
  const query = useQuery({
    queryKey: key,
    enabled: Boolean(userId),
    queryFn: async () => {
      let next: SubscriptionStatus;
      try {
        next = await api<SubscriptionStatus>('/api/billing/subscription');
      } catch (error) {
        console.warn('subscription check failed', error);
        return NOT_SUBSCRIBED;
      }
      // A plan bought, changed, renewed or ended elsewhere changes the allowance shown beside it (on
      // the first check, a subscription may just have been renewed by it).
      const previous = client.getQueryData<SubscriptionStatus>(key);
      const changed = previous ? JSON.stringify(previous) !== JSON.stringify(next) : next.subscribed;
      if (changed) void client.invalidateQueries({ queryKey: usageQueryKey });
      // The user's other tabs (the pricing the checkout was opened from) check again too: on a change
      // this tab saw itself (not one another tab announced), or on a purchase this tab came back from.
      if ((previous ? changed : awaitPurchase && next.subscribed) && Date.now() > quietUntil)
        billingChannel()?.postMessage('subscription-changed');
      return next;
    },
    // Back from the payment tab, the answer may have changed.
    refetchOnWindowFocus: true,
    staleTime: 0,
    refetchInterval: (q) =>
      awaitPurchase && !q.state.data?.subscribed && Date.now() - since < AWAIT_PURCHASE_MS ? 2000 : false,
  });
  useEffect(() => {
    const channel = billingChannel();
    if (!channel || !userId) return;
    const onMessage = () => {
      quietUntil = Date.now() + ANNOUNCED_QUIET_MS;
      void client.invalidateQueries({ queryKey: subscriptionQueryKey(userId) });
    };
    channel.addEventListener('message', onMessage);
    return () => channel.removeEventListener('message', onMessage);
  }, [client, userId]);
  return { ...(query.data ?? NOT_SUBSCRIBED), isPending: Boolean(userId) && query.isPending };
}

let channel: BroadcastChannel | null | undefined;
/** After another tab's announcement, this one checks without announcing in turn (no echo between tabs). */
const ANNOUNCED_QUIET_MS = 5000;
let quietUntil = 0;
/** Between the app's tabs: a change of plan seen in one makes the others check theirs. */
function billingChannel(): BroadcastChannel | null {
  if (channel === undefined)
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('vitrine-billing');
  return channel;
}

type Target = { kind: 'checkout'; plan: PaidPlan } | { kind: 'portal'; from?: string };

/**
 * Opens the checkout or the portal in a new tab. The tab is opened at the click, before the address is
 * known (a tab opened after a network wait is blocked as a pop-up), then sent there; on failure it is
 * closed and the spec's toast says why.
 */
export function useOpenBilling() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const client = useQueryClient();
  /** The plan whose checkout, or the button whose portal, is being opened. */
  const [busy, setBusy] = useState<string | null>(null);

  async function open(target: Target) {
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    setBusy(target.kind === 'checkout' ? target.plan : (target.from ?? 'portal'));
    try {
      const { url } = await api<BillingUrl>(
        target.kind === 'checkout' ? '/api/billing/checkout' : '/api/billing/portal',
        { method: 'POST', ...(target.kind === 'checkout' ? { json: { plan: target.plan } } : {}) },
      );
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (error) {
      tab?.close();
      const signedOut = error instanceof ApiError && error.status === 401;
      toast({
        variant: 'destructive',
        title: t(signedOut ? 'billing.authTitle' : 'billing.errorTitle'),
        // The server's sentence (the spec's own for a provider failure); a generic one when it is unreachable.
        description:
          error instanceof ApiError && error.code !== 'NETWORK_ERROR' && error.code !== 'INTERNAL_ERROR'
            ? error.message
            : t(target.kind === 'checkout' ? 'errors.CHECKOUT_FAILED' : 'errors.PORTAL_FAILED'),
      });
      if (signedOut) void client.invalidateQueries();
      else void client.invalidateQueries({ queryKey: usageQueryKey });
    } finally {
      setBusy(null);
    }
  }

  return { open, busy };
}
