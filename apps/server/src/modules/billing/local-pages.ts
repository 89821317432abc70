/**
 * The pages of the local test-mode checkout and customer portal (docs/decisions/026): plain HTML with
 * forms, no script (the app's CSP allows none inline), in the account's language, usable at 320 px.
 */
import { PLAN_PRICES_EUR, type PaidPlan } from '@vitrine/shared/api/billing';
import { PLAN_ALLOWANCES } from '@vitrine/shared/api/generations';
import { translate, type MessageKey, type MessageParams } from '@vitrine/shared/i18n/catalog';
import { LOCALE_BY_LANG, type Lang } from '@vitrine/shared/locale';
import { escapeHtml, htmlPage } from '../../lib/html';

const STYLE = `
:root { color-scheme: light; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; line-height: 1.5; color: #141833; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; background: #f5f6fb; display: flex; flex-direction: column; align-items: center; padding: 1rem; }
.test { width: 100%; max-width: 30rem; margin: 0 0 1rem; padding: .75rem 1rem; border-radius: .75rem; background: #fef3c7; color: #78350f; font-size: .875rem; }
main { width: 100%; max-width: 30rem; background: #fff; border-radius: 1rem; padding: 1.75rem 1.5rem; box-shadow: 0 1px 3px #14183314, 0 0 0 1px #1418330f; }
.brand { font-weight: 800; letter-spacing: -.01em; color: #4338ca; margin: 0 0 1.25rem; font-size: 1.1rem; }
h1 { font-size: 1.35rem; margin: 0 0 .25rem; }
.price { font-size: 2rem; font-weight: 800; margin: .75rem 0 0; }
.muted { color: #4b5068; font-size: .925rem; margin: .35rem 0; }
.notice { margin: 0 0 1rem; padding: .75rem 1rem; border-radius: .75rem; background: #ecfdf5; color: #065f46; font-size: .925rem; }
.error { background: #fef2f2; color: #991b1b; }
form { margin: 0; }
.actions { display: flex; flex-direction: column; gap: .75rem; margin-top: 1.5rem; }
button, a.button { display: block; width: 100%; text-align: center; font: inherit; font-weight: 600; padding: .8rem 1rem; border-radius: .75rem; border: 0; cursor: pointer; text-decoration: none; }
.primary { background: #4f46e5; color: #fff; }
.primary:hover { background: #4338ca; }
.secondary { background: #fff; color: #141833; box-shadow: inset 0 0 0 1px #d5d8e5; }
.danger { background: #fff; color: #b91c1c; box-shadow: inset 0 0 0 1px #fecaca; }
:focus-visible { outline: 2px solid #4f46e5; outline-offset: 2px; }
hr { border: 0; border-top: 1px solid #e6e8f0; margin: 1.5rem 0 0; }`;

export type PageText = (key: MessageKey, params?: MessageParams) => string;

export function pageText(lang: Lang): PageText {
  return (key, params) => translate(lang, key, params);
}

export function money(lang: Lang, euros: number): string {
  return new Intl.NumberFormat(LOCALE_BY_LANG[lang], {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: 0,
  }).format(euros);
}

export function longDate(lang: Lang, date: Date): string {
  return new Intl.DateTimeFormat(LOCALE_BY_LANG[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

const planName = (t: PageText, plan: PaidPlan | 'other') =>
  plan === 'other' ? t('account.plan.otherName') : t(`usage.plans.${plan}`);

function frame(lang: Lang, title: string, body: string): string {
  const t = pageText(lang);
  return htmlPage({
    lang,
    title: `${title} · Vitrine`,
    style: STYLE,
    body: `<p class="test" role="note">${escapeHtml(t('billingPage.testMode'))}</p>
<main>
<p class="brand">Vitrine</p>
${body}
</main>`,
  });
}

const link = (href: string, label: string, kind = 'secondary') =>
  `<a class="button ${kind}" href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;

const button = (label: string, kind: string, fields: Record<string, string>) =>
  `<form method="post">${Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('')}<button type="submit" class="${kind}">${escapeHtml(label)}</button></form>`;

export function checkoutPage(lang: Lang, plan: PaidPlan, email: string): string {
  const t = pageText(lang);
  const price = money(lang, PLAN_PRICES_EUR[plan]);
  return frame(
    lang,
    t('billingPage.checkoutTitle'),
    `<h1>${escapeHtml(t('billingPage.plan', { plan: planName(t, plan) }))}</h1>
<p class="price">${escapeHtml(t('billingPage.price', { price }))}</p>
<p class="muted">${escapeHtml(t('billingPage.generations', { count: PLAN_ALLOWANCES[plan] }))}</p>
<p class="muted">${escapeHtml(t('billingPage.account', { email }))}</p>
<p class="muted">${escapeHtml(t('billingPage.renewNote'))}</p>
<div class="actions">
${button(t('billingPage.pay', { price }), 'primary', { action: 'pay' })}
${button(t('billingPage.cancel'), 'secondary', { action: 'cancel' })}
</div>`,
  );
}

export function paidPage(lang: Lang, plan: PaidPlan | 'other', periodEnd: Date | null): string {
  const t = pageText(lang);
  return frame(
    lang,
    t('billingPage.paidTitle'),
    `<h1>${escapeHtml(t('billingPage.paidTitle'))}</h1>
${
  periodEnd
    ? `<p class="muted">${escapeHtml(t('billingPage.paidBody', { plan: planName(t, plan), date: longDate(lang, periodEnd) }))}</p>`
    : ''
}
<div class="actions">${link('/dashboard/account?checkout=success', t('billingPage.back'), 'primary')}</div>`,
  );
}

/** A checkout that is over (paid elsewhere, cancelled, expired) or refused: the reason, and a way back. */
export function messagePage(lang: Lang, title: string, message: string, back: string): string {
  const t = pageText(lang);
  return frame(
    lang,
    title,
    `<h1>${escapeHtml(title)}</h1>
<p class="notice error" role="alert">${escapeHtml(message)}</p>
<div class="actions">${link(back, t('billingPage.back'))}</div>`,
  );
}

export type PortalView = {
  lang: Lang;
  subscribed: boolean;
  tier: PaidPlan | 'other' | null;
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  notice?: string | undefined;
  error?: string | undefined;
  /** "Cancel" was chosen: the page asks to confirm, as a payment provider's portal does. */
  confirmCancel?: boolean;
};

export function portalPage(view: PortalView): string {
  const { lang } = view;
  const t = pageText(lang);
  const notice = view.error
    ? `<p class="notice error" role="alert">${escapeHtml(view.error)}</p>`
    : view.notice
      ? `<p class="notice" role="status">${escapeHtml(view.notice)}</p>`
      : '';
  const back = link('/dashboard/account', t('billingPage.back'));
  if (!view.subscribed || !view.tier || !view.periodEnd) {
    return frame(
      lang,
      t('billingPage.portalTitle'),
      `<h1>${escapeHtml(t('billingPage.portalTitle'))}</h1>
${notice}<p class="muted">${escapeHtml(t('billingPage.portalNone'))}</p>
<div class="actions">${link('/#pricing', t('billingPage.viewPlans'), 'primary')}${back}</div>`,
    );
  }
  const date = longDate(lang, view.periodEnd);
  const current =
    view.tier === 'other'
      ? planName(t, 'other')
      : t('billingPage.current', {
          plan: planName(t, view.tier),
          price: money(lang, PLAN_PRICES_EUR[view.tier]),
        });
  if (view.confirmCancel && !view.cancelAtPeriodEnd) {
    return frame(
      lang,
      t('billingPage.portalTitle'),
      `<h1>${escapeHtml(
        view.tier === 'other'
          ? t('billingPage.confirmCancelOther')
          : t('billingPage.confirmCancelTitle', { plan: planName(t, view.tier) }),
      )}</h1>
${notice}<p class="muted">${escapeHtml(t('billingPage.confirmCancelBody', { date }))}</p>
<div class="actions">
${button(t('billingPage.confirmCancel'), 'danger', { action: 'cancel' })}
${link(`/billing/portal?lang=${lang}`, t('billingPage.keepPlan'), 'primary')}
</div>`,
    );
  }
  const others = (['starter', 'pro'] as const).filter((plan) => plan !== view.tier);
  return frame(
    lang,
    t('billingPage.portalTitle'),
    `<h1>${escapeHtml(t('billingPage.portalTitle'))}</h1>
${notice}<p class="muted">${escapeHtml(current)}</p>
<p class="muted">${escapeHtml(view.cancelAtPeriodEnd ? t('billingPage.ends', { date }) : t('billingPage.renews', { date }))}</p>
<div class="actions">
${others
  .map((plan) =>
    button(
      t('billingPage.switch', { plan: planName(t, plan), price: money(lang, PLAN_PRICES_EUR[plan]) }),
      'primary',
      { action: 'switch', plan },
    ),
  )
  .join('\n')}
${
  view.cancelAtPeriodEnd
    ? button(t('billingPage.resume'), 'secondary', { action: 'resume' })
    : link(`/billing/portal?lang=${lang}&confirm=cancel`, t('billingPage.cancelSubscription'), 'danger')
}
${back}
</div>
${view.cancelAtPeriodEnd ? '' : `<p class="muted">${escapeHtml(t('billingPage.cancelNote'))}</p>`}`,
  );
}
