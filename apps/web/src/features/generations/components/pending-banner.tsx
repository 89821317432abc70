import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CloseIcon } from '../../../components/ui/icons';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { Spinner } from '../../../components/ui/spinner';
import { formatTime } from '../../../lib/format-date';
import { formatPercent } from '../../../lib/format-number';
import { useActiveGenerations } from '../api/get-active-generations';
import { useCancelAllGenerations } from '../hooks/use-cancel-all-generations';
import { useNow } from '../hooks/use-now';
import type { TrackedGeneration } from '../lib/active-state';
import { displayedProgress, durationText, secondsLeft } from '../lib/progress';

/**
 * Spec section 2 and 4: the user's pending and processing generations, each with its badge, a progress
 * bar while processing and the time left; cancel-all beside them. Status changes are announced; the
 * ticking countdown is not.
 */
export function PendingBanner() {
  const { t, i18n } = useTranslation();
  const active = useActiveGenerations();
  const { cancelAll, cancelling } = useCancelAllGenerations();
  const items = active.data?.items ?? [];
  const now = useNow(1000, items.length > 0);
  if (items.length === 0) return null;

  const announcement = items
    .map((item) =>
      t('generate.banner.announce', {
        mode: t(`generate.mode.${item.mode}`),
        status: t(`generate.banner.${item.status === 'pending' ? 'pending' : 'processing'}`),
        progress: formatPercent(Math.round(displayedProgress(item.progress) / 10) * 10, i18n.language),
      }),
    )
    .join(' ; ');

  return (
    <section
      aria-labelledby="pending-title"
      className="rounded-2xl bg-brand-50/70 p-4 ring-1 ring-brand-100 sm:p-5"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="pending-title" className="flex items-center gap-2 font-semibold text-brand-900">
          <Spinner className="size-4 text-brand-600" />
          {t('generate.banner.title')}
          <span className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-brand-700 ring-1 ring-brand-100">
            {items.length}
          </span>
        </h2>
        <Button variant="secondary" size="sm" onClick={cancelAll} disabled={cancelling} busy={cancelling}>
          {!cancelling && <CloseIcon className="size-4" />}
          {t('generate.banner.cancelAll')}
        </Button>
      </div>
      <ul className="mt-3 flex flex-col gap-2">
        {items.map((item) => (
          <PendingItem key={item.id} item={item} now={now} />
        ))}
      </ul>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}

function PendingItem({ item, now }: { item: TrackedGeneration; now: number }) {
  const { t, i18n } = useTranslation();
  const processing = item.status === 'processing';
  const left = secondsLeft(item.estimatedSecondsLeft, item.receivedAt, now);
  const duration = durationText(left);
  const started = formatTime(item.createdAt, i18n.language);
  const progress = displayedProgress(item.progress);

  return (
    <li className="rounded-xl bg-white p-3 shadow-xs ring-1 ring-brand-100 sm:px-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-semibold text-ink-900">{t(`generate.mode.${item.mode}`)}</span>
        <Badge tone={processing ? 'brand' : 'amber'}>
          {t(processing ? 'generate.banner.processing' : 'generate.banner.pending')}
        </Badge>
      </div>
      {processing && (
        <div className="mt-2.5 flex items-center gap-3">
          <ProgressBar value={progress} label={t('generate.banner.progress')} size="sm" />
          <span className="w-10 shrink-0 text-right text-xs font-semibold text-ink-600 tabular-nums">
            {formatPercent(progress, i18n.language)}
          </span>
        </div>
      )}
      <p className="mt-2 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-ink-600">
        <span>{t('generate.banner.startedAt', { time: started })}</span>
        <span aria-hidden="true">·</span>
        <span>
          {left > 0
            ? t('generate.banner.remaining', { duration: t(duration.key, { count: duration.count }) })
            : t('generate.banner.finishing')}
        </span>
      </p>
    </li>
  );
}
