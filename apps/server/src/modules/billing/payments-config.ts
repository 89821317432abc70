/** Who takes payments (docs/decisions/026), from the STRIPE_* variables and PAYMENTS_TEST_MODE as config.ts parses them. */
export type PaymentsConfig =
  | { kind: 'local' }
  | { kind: 'off' }
  | {
      kind: 'stripe';
      secretKey: string;
      webhookSecret: string;
      prices: { starter: string; pro: string };
      apiUrl: string | undefined;
    };

/** This machine only: localhost, a *.localhost name, or a loopback address. */
function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host);
}

/**
 * Stripe when its keys are set. Otherwise the local test-mode checkout, where anyone can "pay": by
 * default only for a site on this machine (what `npm start` serves); a public site sells nothing until
 * Stripe is configured, unless PAYMENTS_TEST_MODE=true says it is a test site.
 */
export function paymentsConfig(
  env: {
    STRIPE_SECRET_KEY?: string | undefined;
    STRIPE_WEBHOOK_SECRET?: string | undefined;
    STRIPE_PRICE_STARTER?: string | undefined;
    STRIPE_PRICE_PRO?: string | undefined;
    STRIPE_API_URL?: string | undefined;
    PAYMENTS_TEST_MODE?: 'true' | 'false' | undefined;
  },
  publicUrl: string,
): PaymentsConfig {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_STARTER, STRIPE_PRICE_PRO } = env;
  if (!STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET || !STRIPE_PRICE_STARTER || !STRIPE_PRICE_PRO) {
    const testMode = env.PAYMENTS_TEST_MODE ? env.PAYMENTS_TEST_MODE === 'true' : isLocalUrl(publicUrl);
    return { kind: testMode ? 'local' : 'off' };
  }
  return {
    kind: 'stripe',
    secretKey: STRIPE_SECRET_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    prices: { starter: STRIPE_PRICE_STARTER, pro: STRIPE_PRICE_PRO },
    apiUrl: env.STRIPE_API_URL,
  };
}
