/**
 * Who takes payments (docs/decisions/026): the local test-mode checkout by default, Stripe when
 * STRIPE_* is set. Both hand the browser a page to open (checkout or customer portal), and both end up
 * writing the account's subscription row, which is all the rest of the app reads.
 */
import type { PaidPlan } from '@vitrine/shared/api/billing';
import { AppError } from '../../http/app-error';
import type { Lang } from '@vitrine/shared/locale';
import type { SubscriptionRow } from './repository';

export type CheckoutRequest = {
  userId: string;
  email: string;
  plan: PaidPlan;
  lang: Lang;
};

export type PortalRequest = {
  /** The provider's customer linked to this account, if any. */
  customerId: string | null;
  /** The account has had a subscription (current or ended) with the provider. */
  hasSubscription: boolean;
  lang: Lang;
};

export type PaymentProvider = {
  kind: 'local' | 'stripe' | 'off';
  /** The address of a payment page for this plan. */
  checkout(request: CheckoutRequest): Promise<string>;
  /** The address of the customer portal, or null when the account has nothing there to manage. */
  portal(request: PortalRequest): Promise<string | null>;
  /** Brings the stored subscription up to date with the provider before it is read. */
  refresh(userId: string, row: SubscriptionRow | undefined): Promise<void>;
};

/** No payments configured on a public site: plans cannot be bought yet, and say so. */
export const unavailablePayments: PaymentProvider = {
  kind: 'off',
  checkout: () => Promise.reject(new AppError('PAYMENTS_UNAVAILABLE')),
  portal: () => Promise.reject(new AppError('PAYMENTS_UNAVAILABLE')),
  refresh: () => Promise.resolve(),
};
