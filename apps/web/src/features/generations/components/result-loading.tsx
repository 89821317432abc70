import { useTranslation } from 'react-i18next';

/** The result panel's place while the result is fetched. */
export function ResultLoading() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-label={t('result.loading')}
      className="animate-pulse rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-100"
    >
      <div className="h-5 w-48 rounded bg-ink-100" />
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_16rem]">
        <div className="aspect-square rounded-xl bg-ink-50 lg:aspect-[4/3]" />
        <div className="flex flex-col gap-3">
          <div className="h-10 rounded-lg bg-ink-100" />
          <div className="h-10 rounded-lg bg-ink-50" />
          <div className="h-10 rounded-lg bg-ink-50" />
        </div>
      </div>
    </div>
  );
}
