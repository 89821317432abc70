import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currentLang } from '../../../lib/current-lang';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Card } from '../../../components/ui/card';
import { SparklesIcon } from '../../../components/ui/icons';
import { formatLongDate } from '../../../lib/format-date';
import { useOpenBilling, useSubscription } from '../../billing/api/billing';
import { useUsage } from '../../billing/api/get-usage';
import { PRICING_HREF } from '../../billing/components/usage-card';
import { usageState } from '../../billing/lib/usage';

/**
 * Spec section 2, Account page: the plan the account is on. A free account sees its free generations
 * and the way to the plans; a subscriber sees the tier, an Active badge, the renewal date (or the end
 * date once cancelled), that a cancellation ends with the billing period, and the button that opens the
 * customer portal. Back from a payment (?checkout=success) it welcomes the new plan.
 */
export function PlanCard() {
  const { t } = useTranslation();
  const usage = useUsage();
  const [search] = useSearchParams();
  const paid = search.get('checkout') === 'success';
  const subscription = useSubscription({ awaitPurchase: paid });
  const billing = useOpenBilling();
  const lang = currentLang();
  const welcome = paid && subscription.subscribed;

  return (
    <Card
      labelledBy="plan-title"
      title={t('account.plan.title')}
      description={t('account.plan.description')}
      icon={<SparklesIcon />}
    >
      {usage.isPending ? (
        <div
          role="status"
          aria-label={t('common.loading')}
          className="h-14 animate-pulse rounded bg-ink-50"
        />
      ) : usage.isError ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-ink-600">{t('account.plan.loadFailed')}</p>
          <Button variant="secondary" size="sm" onClick={() => void usage.refetch()}>
            {t('account.retry')}
          </Button>
        </div>
      ) : usageState(usage.data) !== 'subscribed' ? (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <p className="text-sm font-medium text-ink-900">{t('account.plan.freeName')}</p>
            <p className="mt-0.5 text-sm text-ink-600">
              {t('account.plan.freeDetail', { used: usage.data.used, limit: usage.data.limit })}
            </p>
          </div>
          <a href={PRICING_HREF} className={buttonClasses('accent', 'md', 'self-start sm:self-auto')}>
            <SparklesIcon className="size-4" />
            {t('usage.upgrade')}
          </a>
        </div>
      ) : (
        <div className="flex flex-col gap-1">
          {welcome && (
            <p role="status" className="mb-3 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-800">
              {subscription.tier === 'starter' || subscription.tier === 'pro'
                ? t('account.plan.welcome', { plan: t(`usage.plans.${subscription.tier}`) })
                : t('account.plan.welcomeOther')}
            </p>
          )}
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-ink-900">
            {usage.data.plan === 'free'
              ? t('account.plan.otherName')
              : t('usage.subscribed', { plan: t(`usage.plans.${usage.data.plan}`) })}
            <Badge tone="green">{t('stats.subscriptionActive')}</Badge>
          </p>
          <p className="text-sm text-ink-600">
            {t('account.plan.paidDetail', { used: usage.data.used, limit: usage.data.limit })}
          </p>
          {usage.data.renewsAt && (
            <p className="text-sm text-ink-600">
              {t(subscription.cancelAtPeriodEnd ? 'account.plan.ends' : 'account.plan.renews', {
                date: formatLongDate(usage.data.renewsAt, lang),
              })}
            </p>
          )}
          <p className="mt-2 text-sm text-ink-600">{t('account.plan.cancelNote')}</p>
          <Button
            variant="secondary"
            className="mt-3 self-start"
            busy={billing.busy === 'portal'}
            disabled={billing.busy !== null}
            onClick={() => void billing.open({ kind: 'portal' })}
          >
            {t('usage.manage')}
          </Button>
        </div>
      )}
    </Card>
  );
}
