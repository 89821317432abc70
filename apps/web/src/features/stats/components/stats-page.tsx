import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GenerationStats } from '@vitrine/shared/api/generations';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import {
  CalendarIcon,
  ChartIcon,
  CheckIcon,
  ImageIcon,
  LayersIcon,
  SparklesIcon,
  UserIcon,
} from '../../../components/ui/icons';
import { formatLongDate } from '../../../lib/format-date';
import { formatCount, formatPercent } from '../../../lib/format-number';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useStats } from '../../generations/api/get-stats';
import { PRICING_HREF } from '../../billing/components/usage-card';
import { freeUsage, lastGeneration, successRate } from '../lib/stats-view';

/** Spec section 2, Stats page: four cards, the usage strip and the plan's counts. */
export function StatsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('stats.title'));
  const stats = useStats();

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">{t('stats.title')}</h1>
        <p className="mt-1 text-ink-600">{t('stats.subtitle')}</p>
      </div>
      {stats.isPending ? (
        <StatsSkeleton label={t('stats.loading')} />
      ) : stats.isError ? (
        <div role="alert" className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-ink-100">
          <p className="font-medium text-ink-900">{t('stats.loadFailed')}</p>
          <Button variant="secondary" size="sm" className="mt-4" onClick={() => void stats.refetch()}>
            {t('stats.retry')}
          </Button>
        </div>
      ) : (
        <StatsContent stats={stats.data} />
      )}
    </div>
  );
}

function StatsContent({ stats }: { stats: GenerationStats }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const count = (value: number) => formatCount(value, lang);
  const last = lastGeneration(stats);
  const free = freeUsage(stats);

  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          icon={<ImageIcon />}
          label={t('stats.imagesGenerated')}
          value={count(stats.total_images)}
          hint={t('stats.imagesGeneratedHint')}
        />
        <StatCard
          icon={<CalendarIcon />}
          label={t('stats.lastDays')}
          value={count(stats.images_last_30_days)}
          hint={t('stats.lastDaysHint')}
        />
        <StatCard
          icon={<CheckIcon />}
          label={t('stats.successRate')}
          value={formatPercent(successRate(stats), lang)}
          hint={t('stats.successRateHint')}
          tone="green"
        />
        <StatCard
          icon={<LayersIcon />}
          label={t('stats.totalGenerations')}
          value={count(stats.total_generations)}
          hint={t('stats.totalGenerationsHint')}
        />
      </ul>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card
          labelledBy="stats-usage-title"
          title={t('stats.usageTitle')}
          description={t('stats.usageDescription')}
          icon={<ChartIcon />}
        >
          <dl className="grid gap-x-6 gap-y-5 sm:grid-cols-2">
            <Figure label={t('stats.totalImages')} value={count(stats.total_images)} />
            <Figure label={t('stats.totalGenerations')} value={count(stats.total_generations)} />
            <Figure label={t('stats.images30')} value={count(stats.images_last_30_days)} />
            <Figure label={t('stats.generations30')} value={count(stats.generations_last_30_days)} />
            <Figure
              label={t('stats.lastGeneration')}
              value={last ? formatLongDate(last, lang) : t('stats.never')}
              wide
            />
          </dl>
        </Card>
        <Card
          labelledBy="stats-plan-title"
          title={t('stats.planTitle')}
          description={t('stats.planDescription')}
          icon={<UserIcon />}
        >
          <dl className="flex flex-col gap-5">
            <div>
              <dt className="text-sm text-ink-600">{t('stats.subscription')}</dt>
              <dd className="mt-1">
                {stats.has_subscription ? (
                  <Badge tone="green">{t('stats.subscriptionActive')}</Badge>
                ) : (
                  <span className="font-semibold text-ink-900">{t('stats.subscriptionNone')}</span>
                )}
              </dd>
            </div>
            {stats.has_subscription ? (
              <Figure label={t('stats.billingCycle')} value={count(stats.billing_cycle_generations)} />
            ) : (
              <Figure label={t('stats.freeUsed')} value={`${free.used}/${free.limit}`} />
            )}
          </dl>
          {!stats.has_subscription && (
            <a
              href={PRICING_HREF}
              className="mt-5 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-900"
            >
              <SparklesIcon className="size-4" />
              {t('usage.upgrade')}
            </a>
          )}
        </Card>
      </div>
    </>
  );
}

function StatCard({
  icon,
  label,
  value,
  hint,
  tone = 'brand',
}: {
  icon: ReactNode;
  label: string;
  value: string;
  hint: string;
  tone?: 'brand' | 'green';
}) {
  return (
    <li className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-100">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-medium text-ink-600">{label}</p>
        <span
          className={`grid size-9 place-items-center rounded-xl ${
            tone === 'green' ? 'bg-emerald-50 text-emerald-700' : 'bg-brand-50 text-brand-700'
          }`}
        >
          {icon}
        </span>
      </div>
      <p className="mt-3 text-3xl font-bold tracking-tight text-ink-900 tabular-nums">{value}</p>
      <p className="mt-1 text-xs text-ink-400">{hint}</p>
    </li>
  );
}

function Figure({ label, value, wide = false }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-sm text-ink-600">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-ink-900 tabular-nums">{value}</dd>
    </div>
  );
}

function StatsSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((card) => (
          <div key={card} className="h-32 animate-pulse rounded-2xl bg-white shadow-sm ring-1 ring-ink-100" />
        ))}
      </div>
      <div className="h-56 animate-pulse rounded-2xl bg-white shadow-sm ring-1 ring-ink-100" />
    </div>
  );
}
