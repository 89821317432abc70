/**
 * Stripe's API as far as the app uses it (customers, checkout and portal sessions, subscriptions),
 * answered by a local HTTP server that records every request: the billing tests point the app's Stripe
 * client at it with STRIPE_API_URL.
 */
import http from 'node:http';

export const PRICES = { starter: 'price_starter123', pro: 'price_pro456' };
export const DAY = 86_400;
export const now = () => Math.floor(Date.now() / 1000);

export type Recorded = {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
  auth: string;
};
export type Sub = Record<string, unknown> & { id: string; customer: string; status: string; created: number };

/** Stripe's answer about a customer it does not have (deleted, or another account's). */
const NO_SUCH_CUSTOMER = {
  error: {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param: 'customer',
    message: "No such customer: 'cus_gone'",
  },
};

/** The server, what it was asked, and what it holds (tests add subscriptions, or fail the next call). */
export function fakeStripe() {
  const requests: Recorded[] = [];
  const state = {
    failNext: false,
    customers: 0,
    sessions: 0,
    subscriptions: [] as Sub[],
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.test');
      const form = new URLSearchParams(body);
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        form,
        auth: req.headers.authorization ?? '',
      });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
        res.end(JSON.stringify(json));
      };
      const route = `${req.method} ${url.pathname}`;
      if (state.failNext) {
        state.failNext = false;
        return send(400, { error: { type: 'invalid_request_error', message: 'No such price' } });
      }
      if (route === 'POST /v1/customers') {
        state.customers++;
        return send(200, { id: `cus_${state.customers}`, object: 'customer', email: form.get('email') });
      }
      if (route === 'POST /v1/checkout/sessions') {
        if (form.get('customer') === 'cus_gone') return send(400, NO_SUCH_CUSTOMER);
        state.sessions++;
        const id = `cs_test_${state.sessions}`;
        return send(200, {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          expires_at: Number(form.get('expires_at')),
        });
      }
      const expire = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/);
      if (req.method === 'POST' && expire) {
        return send(200, { id: expire[1], object: 'checkout.session', status: 'expired' });
      }
      if (route === 'POST /v1/billing_portal/sessions') {
        return send(200, {
          id: 'bps_1',
          object: 'billing_portal.session',
          url: 'https://billing.stripe.test/p/session/bps_1',
        });
      }
      if (route === 'GET /v1/subscriptions') {
        const customer = url.searchParams.get('customer');
        if (customer === 'cus_gone') return send(400, NO_SUCH_CUSTOMER);
        return send(200, {
          object: 'list',
          data: state.subscriptions.filter((s) => s.customer === customer),
          has_more: false,
        });
      }
      const cancel = url.pathname.match(/^\/v1\/subscriptions\/([^/]+)$/);
      if (req.method === 'DELETE' && cancel) {
        const sub = state.subscriptions.find((s) => s.id === cancel[1]);
        if (sub) sub.status = 'canceled';
        return sub ? send(200, sub) : send(404, { error: { type: 'invalid_request_error' } });
      }
      return send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
    });
  });
  return { server, requests, state };
}

let subscriptions = 0;
export function subscription(
  customer: string,
  overrides: {
    price?: string;
    status?: string;
    cancelAtPeriodEnd?: boolean;
    cancelAt?: number | null;
    periodEnd?: number;
    created?: number;
  } = {},
): Sub {
  subscriptions++;
  return {
    id: `sub_${subscriptions}`,
    object: 'subscription',
    customer,
    status: overrides.status ?? 'active',
    cancel_at_period_end: overrides.cancelAtPeriodEnd ?? false,
    cancel_at: overrides.cancelAt ?? null,
    created: overrides.created ?? now() - 60,
    metadata: {},
    items: {
      object: 'list',
      data: [
        {
          id: `si_${subscriptions}`,
          object: 'subscription_item',
          price: { id: overrides.price ?? PRICES.starter, object: 'price' },
          current_period_end: overrides.periodEnd ?? now() + 30 * DAY,
        },
      ],
    },
  };
}
