import { useTranslation } from 'react-i18next';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { Spinner } from '../../../components/ui/spinner';
import { formatPercent } from '../../../lib/format-number';
import { useActiveGenerations } from '../api/get-active-generations';
import { useNow } from '../hooks/use-now';
import { displayedProgress, durationText, secondsLeft } from '../lib/progress';

/** Where a result will appear, while its generation runs: progress and time left. */
export function GenerationProgressCard({ generationId }: { generationId: string }) {
  const { t, i18n } = useTranslation();
  const active = useActiveGenerations();
  const item = active.data?.items.find((candidate) => candidate.id === generationId);
  const now = useNow(1000, Boolean(item));
  const progress = displayedProgress(item?.progress);
  const left = item ? secondsLeft(item.estimatedSecondsLeft, item.receivedAt, now) : 0;
  const duration = durationText(left);

  return (
    <section
      aria-labelledby="generation-progress-title"
      className="flex flex-col items-center gap-4 rounded-2xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-ink-100"
    >
      <span className="grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-600">
        <Spinner className="size-7" />
      </span>
      <h2 id="generation-progress-title" className="text-lg font-semibold text-ink-900">
        {t('generate.inProgress')}
      </h2>
      <div className="flex w-full max-w-sm items-center gap-3">
        <ProgressBar value={progress} label={t('generate.banner.progress')} />
        <span className="w-12 shrink-0 text-right text-sm font-semibold text-ink-600 tabular-nums">
          {formatPercent(progress, i18n.language)}
        </span>
      </div>
      <p className="text-sm text-ink-600">
        {left > 0
          ? t('generate.banner.remaining', { duration: t(duration.key, { count: duration.count }) })
          : t('generate.banner.finishing')}
      </p>
    </section>
  );
}
