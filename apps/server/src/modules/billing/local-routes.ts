/**
 * The local test-mode checkout and customer portal (docs/decisions/026), served by the app itself in
 * place of Stripe's hosted pages:
 * - GET/POST /billing/checkout/:id: the plan, the price and "Pay"; paying starts the subscription;
 * - GET/POST /billing/portal: the subscription; change plan, cancel at period end (after a confirmation,
 *   ?confirm=cancel), resume.
 * Both need the account's session (a visitor is sent to sign in); a checkout of another account is
 * answered like one that does not exist. Forms post back to the same page, which then redirects (303),
 * so a reload never pays twice.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PAID_PLANS } from '@vitrine/shared/api/billing';
import { checkoutParams, portalQuery } from '@vitrine/shared/api/params';
import { ERROR_STATUS } from '@vitrine/shared/errors';
import type { Lang } from '@vitrine/shared/locale';
import { AppError } from '../../http/app-error';
import { requestLang } from '../../http/request-lang';
import { parseParams, readQuery } from '../../http/validate';
import { currentSession } from '../auth/session';
import {
  applyPortalAction,
  cancelCheckout,
  findCheckout,
  isExpired,
  payCheckout,
  type PortalAction,
} from './local-provider';
import { checkoutPage, messagePage, pageText, paidPage, portalPage } from './local-pages';
import type { PaymentProvider } from './provider';
import { readSubscription } from './repository';
import { statusOf } from './subscription';

const FORM_BODY_LIMIT = 2048;

const checkoutForm = z.object({ action: z.enum(['pay', 'cancel']) });
const portalForm = z.discriminatedUnion('action', [
  z.object({ action: z.literal('switch'), plan: z.enum(PAID_PLANS) }),
  z.object({ action: z.literal('cancel') }),
  z.object({ action: z.literal('resume') }),
]);
const DONE = { switch: 'switched', cancel: 'cancelled', resume: 'resumed' } as const;

function html(reply: FastifyReply, body: string, status = 200) {
  return (
    reply
      .code(status)
      .header('cache-control', 'no-store')
      // Under the site's no-referrer policy a browser posts these pages' forms with `Origin: null`, which
      // the origin check refuses; same-origin keeps the real origin on the form's own request.
      .header('referrer-policy', 'same-origin')
      .type('text/html; charset=utf-8')
      .send(body)
  );
}

export function localBillingRoutes(provider: PaymentProvider): FastifyPluginAsync {
  return async (app) => {
    const { database } = app.deps;
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    /** A page refused for a reason the user can act on: the translated message, with its status. */
    const refused = (reply: FastifyReply, lang: Lang, error: unknown, back: string) => {
      if (!(error instanceof AppError)) throw error;
      const t = pageText(lang);
      const title = t(error.code === 'CHECKOUT_CLOSED' ? 'billingPage.closedTitle' : 'billing.errorTitle');
      return html(reply, messagePage(lang, title, t(`errors.${error.code}`), back), ERROR_STATUS[error.code]);
    };

    /** The session's own checkout that the path names, and the language its pages are in. */
    const checkoutOf = async (request: FastifyRequest, userId: string) => {
      const { id } = parseParams(checkoutParams, request.params);
      const checkout = await findCheckout(database, id, userId);
      return { checkout, lang: checkout?.lang ?? requestLang(request) };
    };

    app.get('/billing/checkout/:id', async (request, reply) => {
      const session = await currentSession(request, reply);
      if (!session) return reply.redirect('/auth', 303);
      const { checkout, lang } = await checkoutOf(request, session.user.id);
      if (!checkout) return refused(reply, lang, new AppError('NOT_FOUND'), '/#pricing');
      if (checkout.status === 'complete') {
        const status = statusOf(await readSubscription(database, session.user.id));
        const end = status.periodEnd ? new Date(status.periodEnd) : null;
        return html(reply, paidPage(lang, status.tier ?? checkout.plan, end));
      }
      if (checkout.status === 'cancelled' || isExpired(checkout)) {
        return refused(reply, lang, new AppError('CHECKOUT_CLOSED'), '/#pricing');
      }
      return html(reply, checkoutPage(lang, checkout.plan, session.user.email));
    });

    /** Pays the checkout and shows it paid; a payment refused shows why. */
    const pay = async (
      request: FastifyRequest,
      reply: FastifyReply,
      { id, plan, userId, lang }: { id: string; plan: string; userId: string; lang: Lang },
    ) => {
      try {
        await payCheckout(database, id, userId);
      } catch (error) {
        return refused(reply, lang, error, '/dashboard/account');
      }
      request.log.info({ plan, provider: provider.kind }, 'billing: test-mode checkout paid');
      return reply.redirect(`/billing/checkout/${id}`, 303);
    };

    app.post('/billing/checkout/:id', { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
      const session = await currentSession(request, reply);
      if (!session) return reply.redirect('/auth', 303);
      const { checkout, lang } = await checkoutOf(request, session.user.id);
      const form = checkoutForm.safeParse(request.body);
      if (!checkout || !form.success) {
        return refused(reply, lang, new AppError(checkout ? 'BAD_REQUEST' : 'NOT_FOUND'), '/#pricing');
      }
      if (form.data.action === 'cancel') {
        await cancelCheckout(database, checkout.id, session.user.id);
        return reply.redirect('/#pricing', 303);
      }
      const userId = session.user.id;
      return pay(request, reply, { id: checkout.id, plan: checkout.plan, userId, lang });
    });

    const showPortal = async (
      reply: FastifyReply,
      userId: string,
      lang: Lang,
      extra: { notice?: string; error?: string; confirmCancel?: boolean } = {},
      status = 200,
    ) => {
      const current = statusOf(await readSubscription(database, userId));
      return html(
        reply,
        portalPage({
          lang,
          subscribed: current.subscribed,
          tier: current.tier,
          periodEnd: current.periodEnd ? new Date(current.periodEnd) : null,
          cancelAtPeriodEnd: current.cancelAtPeriodEnd,
          ...extra,
        }),
        status,
      );
    };

    app.get('/billing/portal', async (request, reply) => {
      const session = await currentSession(request, reply);
      if (!session) return reply.redirect('/auth', 303);
      const query = readQuery(portalQuery, request.query);
      const lang = query.lang ?? requestLang(request);
      await provider.refresh(session.user.id, await readSubscription(database, session.user.id));
      const notice = query.done ? pageText(lang)(`billingPage.${query.done}`) : undefined;
      const confirmCancel = query.confirm === 'cancel';
      return showPortal(reply, session.user.id, lang, { ...(notice && { notice }), confirmCancel });
    });

    /** Applies the portal's change and goes back to the portal with its notice; a refusal shows why. */
    const change = async (request: FastifyRequest, reply: FastifyReply, userId: string, lang: Lang) => {
      const t = pageText(lang);
      const form = portalForm.safeParse(request.body);
      if (!form.success) return showPortal(reply, userId, lang, { error: t('errors.BAD_REQUEST') }, 400);
      const action: PortalAction = form.data;
      try {
        await applyPortalAction(database, userId, action);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return showPortal(
          reply,
          userId,
          lang,
          { error: t(`errors.${error.code}`) },
          ERROR_STATUS[error.code],
        );
      }
      request.log.info({ action: action.action }, 'billing: test-mode portal change');
      return reply.redirect(`/billing/portal?lang=${lang}&done=${DONE[action.action]}`, 303);
    };

    app.post('/billing/portal', { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
      const session = await currentSession(request, reply);
      if (!session) return reply.redirect('/auth', 303);
      const lang = readQuery(portalQuery, request.query).lang ?? requestLang(request);
      return change(request, reply, session.user.id, lang);
    });
  };
}
