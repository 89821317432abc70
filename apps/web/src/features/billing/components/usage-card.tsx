import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { buttonClasses } from '../../../components/ui/button-styles';
import { AlertIcon, ChartIcon, SparklesIcon } from '../../../components/ui/icons';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { useOpenBilling, useSubscription } from '../api/billing';
import { useUsage } from '../api/get-usage';
import { showUpgradePrompt, usagePercent, usageState, usageTone } from '../lib/usage';

/** Plans and billing live on the landing page's pricing section for now. */
export const PRICING_HREF = '/#pricing';

/** Spec section 2, Usage card: free usage X/3, limit reached, or the subscription and its allowance. */
export function UsageCard() {
  const { t } = useTranslation();
  const usage = useUsage();
  const billing = useOpenBilling();
  // Checked on every dashboard page (spec section 4): a renewal or a change made in the payment tab
  // refreshes the allowance.
  useSubscription();

  if (usage.isPending) {
    return (
      <div
        role="status"
        aria-label={t('common.loading')}
        className="h-[5.5rem] animate-pulse rounded-2xl bg-white shadow-sm ring-1 ring-ink-100"
      />
    );
  }
  if (usage.isError) {
    return (
      <p className="rounded-2xl bg-white px-5 py-4 text-sm text-ink-600 shadow-sm ring-1 ring-ink-100">
        {t('usage.loadFailed')}
      </p>
    );
  }

  const data = usage.data;
  const state = usageState(data);
  const percent = usagePercent(data);
  const subscribed = state === 'subscribed';
  const prompt = showUpgradePrompt(data);
  const title = subscribed ? t('usage.subscribed', { plan: t(`usage.plans.${data.plan}`) }) : t('usage.free');
  const counter = t(subscribed ? 'usage.cycleUsed' : 'usage.usedOf', { used: data.used, limit: data.limit });
  const note = subscribed
    ? data.remaining > 0
      ? t('usage.cycleRemaining', { count: data.remaining })
      : t('usage.cycleLimitReached')
    : state === 'limitReached'
      ? t('usage.limitReachedDescription')
      : prompt
        ? t('usage.lastOne')
        : t('usage.remaining', { count: data.remaining });

  return (
    <section
      aria-labelledby="usage-title"
      className={`rounded-2xl bg-white p-4 shadow-sm ring-1 sm:p-5 ${
        state === 'limitReached' ? 'ring-amber-300' : 'ring-ink-100'
      }`}
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <span
          className={`hidden size-10 shrink-0 place-items-center rounded-xl sm:grid ${
            state === 'limitReached' ? 'bg-amber-50 text-amber-700' : 'bg-brand-50 text-brand-700'
          }`}
        >
          {state === 'limitReached' ? <AlertIcon /> : <ChartIcon />}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <h2 id="usage-title" className="font-semibold text-ink-900">
              {state === 'limitReached' ? t('usage.limitReached') : title}
            </h2>
            <span className="text-sm font-medium text-ink-600 tabular-nums">{counter}</span>
          </div>
          <div className="mt-2">
            <ProgressBar value={percent} tone={usageTone(percent)} label={t('usage.barLabel')} size="sm" />
          </div>
          <p className="mt-2 text-sm text-ink-600">{note}</p>
        </div>
        {subscribed ? (
          <Button
            variant="secondary"
            size="sm"
            className="self-start sm:self-auto"
            busy={billing.busy === 'portal'}
            disabled={billing.busy !== null}
            onClick={() => void billing.open({ kind: 'portal' })}
          >
            {t('usage.manage')}
          </Button>
        ) : (
          prompt && (
            <a href={PRICING_HREF} className={buttonClasses('accent', 'sm', 'self-start sm:self-auto')}>
              <SparklesIcon className="size-4" />
              {t('usage.upgrade')}
            </a>
          )
        )}
      </div>
    </section>
  );
}
