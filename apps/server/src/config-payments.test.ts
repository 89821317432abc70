/** The payment keys of the configuration: Stripe, the local test mode, or nothing sold. */
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

describe('payment keys (docs/decisions/026)', () => {
  const stripe = {
    STRIPE_SECRET_KEY: 'sk_test_abc123',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
    STRIPE_PRICE_STARTER: 'price_starter1',
    STRIPE_PRICE_PRO: 'price_pro1',
  };

  it('takes payments in local test mode when no Stripe key is set, on this machine', () => {
    expect(parseConfig({}).payments).toEqual({ kind: 'local' });
    expect(parseConfig({ PUBLIC_URL: 'http://127.0.0.1:8080' }).payments).toEqual({ kind: 'local' });
    expect(parseConfig({ PUBLIC_URL: 'http://vitrine.localhost' }).payments).toEqual({ kind: 'local' });
  });

  it('sells nothing on a public site without Stripe, unless PAYMENTS_TEST_MODE=true says it is a test site', () => {
    expect(parseConfig({ PUBLIC_URL: 'https://vitrine.example' }).payments).toEqual({ kind: 'off' });
    expect(
      parseConfig({ PUBLIC_URL: 'https://test.vitrine.example', PAYMENTS_TEST_MODE: 'true' }).payments,
    ).toEqual({ kind: 'local' });
    expect(parseConfig({ PAYMENTS_TEST_MODE: 'false' }).payments).toEqual({ kind: 'off' });
    expect(() => parseConfig({ PAYMENTS_TEST_MODE: 'yes' })).toThrow(/PAYMENTS_TEST_MODE/);
  });

  it('uses Stripe with its key, webhook secret and the two plans’ prices', () => {
    expect(parseConfig(stripe).payments).toEqual({
      kind: 'stripe',
      secretKey: 'sk_test_abc123',
      webhookSecret: 'whsec_abc123',
      prices: { starter: 'price_starter1', pro: 'price_pro1' },
      apiUrl: undefined,
    });
  });

  it('names what Stripe is missing, refuses malformed values and never prints the secret key', () => {
    const keysOf = (env: Record<string, string>) => {
      try {
        parseConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).issues;
      }
    };
    const missing = keysOf({ STRIPE_SECRET_KEY: 'sk_live_secretvalue' });
    expect(missing.map((i) => i.split(':')[0]).sort()).toEqual([
      'STRIPE_PRICE_PRO',
      'STRIPE_PRICE_STARTER',
      'STRIPE_WEBHOOK_SECRET',
    ]);
    const malformed = keysOf({ ...stripe, STRIPE_SECRET_KEY: 'pk_live_published', STRIPE_PRICE_PRO: 'pro' });
    expect(malformed.map((i) => i.split(':')[0]).sort()).toEqual(['STRIPE_PRICE_PRO', 'STRIPE_SECRET_KEY']);
    expect(malformed.join('\n')).not.toContain('pk_live_published');
    expect(keysOf({ STRIPE_PRICE_PRO: 'price_pro1' })[0]).toContain('only used with STRIPE_SECRET_KEY');
  });
});
