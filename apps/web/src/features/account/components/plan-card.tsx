import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isLang } from '@vitrine/shared/locale';
import { twinPath } from '@vitrine/shared/routes';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Card } from '../../../components/ui/card';
import { SparklesIcon } from '../../../components/ui/icons';
import { formatLongDate } from '../../../lib/format-date';
import { useUsage } from '../../generations/api/get-usage';
import { PRICING_HREF } from '../../generations/components/usage-card';

/**
 * Spec section 2, Account page: the plan the account is on. A free account sees its free generations
 * and the way to the plans; a subscriber sees the tier, an Active badge, the renewal date and that a
 * cancellation ends with the billing period. There is no online customer portal: changes go through
 * the contact page.
 */
export function PlanCard() {
  const { t, i18n } = useTranslation();
  const usage = useUsage();
  const lang = isLang(i18n.language) ? i18n.language : 'fr';

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
        <p className="text-sm text-ink-600">{t('account.plan.loadFailed')}</p>
      ) : usage.data.renewsAt === null ? (
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
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-ink-900">
            {t('account.plan.paidName', { plan: t(`usage.plans.${usage.data.plan}`) })}
            <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
              {t('account.plan.active')}
            </span>
          </p>
          <p className="text-sm text-ink-600">
            {t('account.plan.paidDetail', { used: usage.data.used, limit: usage.data.limit })}
          </p>
          <p className="text-sm text-ink-600">
            {t('account.plan.renews', { date: formatLongDate(usage.data.renewsAt, lang) })}
          </p>
          <p className="mt-2 text-sm text-ink-600">
            {t('account.plan.cancelNote')} {t('account.plan.change')}{' '}
            <Link to={twinPath('contact', lang)} className="font-medium text-brand-700 underline">
              {t('account.plan.contact')}
            </Link>
          </p>
        </div>
      )}
    </Card>
  );
}
