import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PAGE_PATHS } from '@vitrine/shared/routes';
import { Button } from '../../../components/ui/button';
import { SparklesIcon } from '../../../components/ui/icons';
import { Notice } from '../../../components/ui/notice';
import { ButtonLink } from '../../../components/ui/button-link';
import { localeOf } from '../../../lib/current-lang';
import { useSession } from '../../../lib/session';
import { useOpenBilling, useSubscription } from '../../billing/api/billing';
import { usePendingPlan } from '../../billing/hooks/use-pending-plan';
import { usePrimaryAction } from '../lib/use-primary-action';
import { FREE_GENERATIONS, PLAN_ALLOWANCES, PLAN_PRICES_EUR } from '../lib/plans';
import { SectionHeading } from './section-heading';

type Plan = {
  key: 'free' | 'starter' | 'pro';
  price: number;
  lines: (t: TFunction) => string[];
};

const PLANS: Plan[] = [
  {
    key: 'free',
    price: PLAN_PRICES_EUR.free,
    lines: (t) => [
      t('landing.pricing.freeGenerations', { count: FREE_GENERATIONS }),
      t('landing.pricing.allStyles'),
      t('landing.pricing.standardFormats'),
      t('landing.pricing.hdDownload'),
      t('landing.pricing.emailSupport'),
    ],
  },
  {
    key: 'starter',
    price: PLAN_PRICES_EUR.starter,
    lines: (t) => [
      t('landing.pricing.monthlyGenerations', { count: PLAN_ALLOWANCES.starter }),
      t('landing.pricing.everythingInFree'),
      t('landing.pricing.emailSupport'),
    ],
  },
  {
    key: 'pro',
    price: PLAN_PRICES_EUR.pro,
    lines: (t) => [
      t('landing.pricing.monthlyGenerations', { count: PLAN_ALLOWANCES.pro }),
      t('landing.pricing.everythingInFree'),
      t('landing.pricing.prioritySupport'),
    ],
  },
];

const check = (
  <svg
    viewBox="0 0 20 20"
    className="mt-0.5 size-5 shrink-0 text-brand-600"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    <path d="m5 10.5 3 3 7-7" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/** Plans in the order they are sold, to tell an upgrade from a change down. */
const RANK = { free: 0, starter: 1, pro: 2 } as const;

/**
 * The three plans (anchor #pricing). A visitor's trial button leads to sign-up; a signed-in user's
 * opens the checkout in a new tab. A subscriber sees the current plan highlighted with its button
 * disabled, 'Upgrade to {plan}' (or 'Switch to') on the other, and 'Manage subscription': both open the
 * customer portal (spec section 4).
 */
export function Pricing() {
  const { t, i18n } = useTranslation();
  const signedIn = Boolean(useSession().data);
  const subscription = useSubscription();
  const billing = useOpenBilling();
  const primary = usePrimaryAction();
  const current = subscription.subscribed ? subscription.tier : null;
  // A plan chosen before signing up: once signed in, offered again here.
  const {
    pending,
    ref: pendingRef,
    forget,
  } = usePendingPlan({
    signedIn,
    subscriptionKnown: !subscription.isPending,
    subscribed: Boolean(current),
  });
  const forgetPending = () => {
    forget();
    // The notice goes: the keyboard moves to the plans' title rather than to nowhere.
    document.getElementById('pricing-title')?.focus();
  };
  const lang = i18n.language === 'en' ? 'en' : 'fr';
  const money = new Intl.NumberFormat(localeOf(lang), {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: 0,
  });
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-title"
      className="scroll-mt-28 md:scroll-mt-20 bg-white py-20 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-5 sm:px-6">
        <SectionHeading
          focusable
          id="pricing-title"
          title={t('landing.pricing.title')}
          subtitle={t('landing.pricing.subtitle')}
        />
        {pending && (
          <div ref={pendingRef} className="mt-10 scroll-mt-28 md:scroll-mt-20" data-pending-plan={pending}>
            <Notice
              role="status"
              tone="info"
              icon={<SparklesIcon />}
              title={t('landing.pricing.pendingTitle', { plan: t(`landing.pricing.${pending}`) })}
            >
              <p>{t('landing.pricing.pendingText')}</p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button
                  size="sm"
                  disabled={billing.busy !== null}
                  onClick={() => {
                    forgetPending();
                    void billing.open({ kind: 'checkout', plan: pending });
                  }}
                >
                  {t('landing.pricing.pendingContinue', { plan: t(`landing.pricing.${pending}`) })}
                </Button>
                <Button size="sm" variant="ghost" onClick={forgetPending}>
                  {t('landing.pricing.pendingLater')}
                </Button>
              </div>
            </Notice>
          </div>
        )}
        <ul className="mt-12 grid items-start gap-6 lg:grid-cols-3">
          {PLANS.map((plan) => {
            const popular = plan.key === 'starter';
            const isCurrent = plan.key === current;
            return (
              <li
                key={plan.key}
                data-plan={plan.key}
                data-current={isCurrent || undefined}
                className={`relative flex flex-col rounded-2xl p-7 ${popular ? 'bg-ink-900 text-white shadow-xl' : 'bg-ink-50 text-ink-900'} ${isCurrent ? 'ring-4 ring-accent-400' : popular ? 'ring-2 ring-brand-500' : 'ring-1 ring-ink-100'}`}
              >
                {(popular || isCurrent) && (
                  <span className="absolute -top-3 left-7 rounded-full bg-accent-400 px-3 py-1 text-xs font-bold uppercase tracking-wide text-brand-900">
                    {isCurrent ? t('billing.currentBadge') : t('landing.pricing.mostPopular')}
                  </span>
                )}
                <h3 className="text-lg font-semibold">{t(`landing.pricing.${plan.key}`)}</h3>
                <p className="mt-4 flex items-baseline gap-1">
                  <span className="text-4xl font-extrabold tracking-tight" data-price>
                    {money.format(plan.price)}
                  </span>
                  <span className={popular ? 'text-ink-200' : 'text-ink-600'}>
                    {t('landing.pricing.perMonth')}
                  </span>
                </p>
                <ul className="mt-6 flex flex-col gap-3">
                  {plan.lines(t).map((line) => (
                    <li key={line} className={`flex gap-2 ${popular ? 'text-ink-100' : 'text-ink-800'}`}>
                      {check}
                      {line}
                    </li>
                  ))}
                </ul>
                {plan.key === 'free' ? (
                  <ButtonLink to={primary.to} variant="secondary" className="mt-8 py-3">
                    {primary.label}
                  </ButtonLink>
                ) : !signedIn ? (
                  <ButtonLink
                    to={`${PAGE_PATHS.auth}?mode=signup&plan=${plan.key}`}
                    variant={popular ? 'accent' : 'primary'}
                    className="mt-8 py-3"
                    data-trial={plan.key}
                  >
                    {t('landing.pricing.startTrial')}
                  </ButtonLink>
                ) : (
                  <Button
                    variant={popular ? 'accent' : 'primary'}
                    className="mt-8 py-3"
                    data-trial={plan.key}
                    disabled={isCurrent || subscription.isPending || billing.busy !== null}
                    busy={billing.busy === plan.key}
                    onClick={() =>
                      void billing.open(
                        current
                          ? { kind: 'portal', from: plan.key }
                          : { kind: 'checkout', plan: plan.key as 'starter' | 'pro' },
                      )
                    }
                  >
                    {isCurrent
                      ? t('billing.currentPlan')
                      : current
                        ? t(
                            current === 'other' || RANK[plan.key] > RANK[current]
                              ? 'billing.upgradeTo'
                              : 'billing.switchTo',
                            { plan: t(`landing.pricing.${plan.key}`) },
                          )
                        : t('landing.pricing.startTrial')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
        {current ? (
          <div className="mt-8 flex justify-center">
            <Button
              variant="secondary"
              disabled={billing.busy !== null}
              busy={billing.busy === 'portal'}
              onClick={() => void billing.open({ kind: 'portal' })}
            >
              {t('billing.manage')}
            </Button>
          </div>
        ) : (
          <p className="mx-auto mt-8 max-w-2xl text-center text-sm text-ink-600">
            {t('landing.pricing.commitment')}
          </p>
        )}
      </div>
    </section>
  );
}
