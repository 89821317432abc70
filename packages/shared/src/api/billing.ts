/**
 * Paid plans (spec sections 6, 7 and 9): the checkout, the customer portal and the subscription status.
 *
 * - POST /api/billing/checkout     {plan}  → BillingUrl (the payment page, opened in a new tab)
 * - POST /api/billing/portal               → BillingUrl (the customer portal, opened in a new tab)
 * - GET  /api/billing/subscription         → SubscriptionStatus
 * - POST /api/billing/webhook              (Stripe only: signed events that keep the subscription current)
 */
import { z } from 'zod';

export const PAID_PLANS = ['starter', 'pro'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];

/** Euros a month (spec section 9). */
export const PLAN_PRICES_EUR = { free: 0, starter: 29, pro: 59 } as const;

export const checkoutInput = z
  .object({
    plan: z.enum(PAID_PLANS, { error: 'validation.planUnknown' }),
  })
  .strict();
export type CheckoutInput = z.input<typeof checkoutInput>;

export type BillingUrl = { url: string };

export type SubscriptionStatus = {
  subscribed: boolean;
  /** 'starter' or 'pro'; 'other' for a tier this version does not sell; null when not subscribed. */
  tier: PaidPlan | 'other' | null;
  /** End of the paid period (ISO): the next renewal, or the last day when a cancellation is pending. */
  periodEnd: string | null;
  /** The subscription was cancelled and stops at periodEnd. */
  cancelAtPeriodEnd: boolean;
};
