import { useTranslation } from 'react-i18next';
import { LOCALE_BY_LANG } from '@vitrine/shared/locale';
import { STATUS_DOT, useHealth, type ServiceState } from '../api/health';
import { PublicLayout, usePageLanguage } from './public-layout';

const BANNER: Record<ServiceState, string> = {
  loading: 'border-amber-200 bg-amber-50 text-amber-900',
  operational: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  outage: 'border-red-200 bg-red-50 text-red-900',
};

export function StatusPage() {
  return (
    <PublicLayout page="status">
      <StatusContent />
    </PublicLayout>
  );
}

/**
 * The service status (spec sections 2 and 4), fed by GET /api/health every minute: the overall banner
 * and the one check there is today, the application with its database.
 */
function StatusContent() {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const { state, data, checkedAt } = useHealth();
  const banner =
    state === 'loading'
      ? t('status.checking')
      : state === 'operational'
        ? t('status.allOperational')
        : t('status.someIssues');
  const time = checkedAt
    ? new Intl.DateTimeFormat(LOCALE_BY_LANG[lang], { dateStyle: 'medium', timeStyle: 'medium' }).format(
        checkedAt,
      )
    : undefined;
  return (
    <div className="mx-auto max-w-3xl px-5 py-14 sm:px-6 sm:py-20">
      <h1 className="text-3xl font-extrabold tracking-tight text-ink-900 sm:text-4xl">{t('status.title')}</h1>
      <p className="mt-4 text-lg text-ink-600">{t('status.lead')}</p>
      <div
        role="status"
        data-status={state}
        className={`mt-8 flex items-center gap-3 rounded-2xl border px-5 py-4 text-base font-semibold ${BANNER[state]}`}
      >
        <span className={`size-3 shrink-0 rounded-full ${STATUS_DOT[state]}`} aria-hidden="true" />
        {banner}
      </div>
      <ul className="mt-6 divide-y divide-ink-100 rounded-2xl border border-ink-100 bg-white shadow-sm">
        <li className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
          <div>
            <p className="font-medium text-ink-900">{t('status.service')}</p>
            {time && <p className="mt-0.5 text-sm text-ink-600">{t('status.lastChecked', { time })}</p>}
            {data && (
              <p className="mt-0.5 text-xs text-ink-600">{t('status.version', { version: data.version })}</p>
            )}
          </div>
          <span className="inline-flex items-center gap-2 text-sm font-medium text-ink-800">
            <span className={`size-2.5 rounded-full ${STATUS_DOT[state]}`} aria-hidden="true" />
            {state === 'loading'
              ? t('status.checking')
              : state === 'operational'
                ? t('status.operational')
                : t('status.outage')}
          </span>
        </li>
      </ul>
    </div>
  );
}
