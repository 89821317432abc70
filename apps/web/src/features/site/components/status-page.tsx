import { useTranslation } from 'react-i18next';
import type { ServiceState } from '@vitrine/shared/api/status';
import { LOCALE_BY_LANG } from '@vitrine/shared/locale';
import { AlertIcon } from '../../../components/ui/icons';
import { STATUS_DOT, useServiceStatus, type DotState } from '../api/status';
import { PublicLayout, usePageLanguage } from './public-layout';

const BANNER: Record<DotState, string> = {
  loading: 'border-amber-200 bg-amber-50 text-amber-900',
  operational: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  outage: 'border-red-200 bg-red-50 text-red-900',
};

const STATE_DOT: Record<ServiceState, string> = {
  operational: 'bg-emerald-500',
  degraded: 'bg-amber-500',
  maintenance: 'bg-sky-500',
  outage: 'bg-red-500',
};

export function StatusPage() {
  return (
    <PublicLayout page="status">
      <StatusContent />
    </PublicLayout>
  );
}

/**
 * The service status (spec sections 2 and 4), from GET /api/status every minute: the overall banner,
 * each service with its state and when it was checked, and a warning card when the image provider
 * reports a problem.
 */
function StatusContent() {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const { dot, data, isError } = useServiceStatus();
  const banner =
    dot === 'loading'
      ? t('status.checking')
      : dot === 'operational'
        ? t('status.allOperational')
        : t('status.someIssues');
  const format = (iso: string) =>
    new Intl.DateTimeFormat(LOCALE_BY_LANG[lang], { dateStyle: 'medium', timeStyle: 'medium' }).format(
      new Date(iso),
    );
  const provider = data?.provider;
  return (
    <div className="mx-auto max-w-3xl px-5 py-14 sm:px-6 sm:py-20">
      <h1 className="text-3xl font-extrabold tracking-tight text-ink-900 sm:text-4xl">{t('status.title')}</h1>
      <p className="mt-4 text-lg text-ink-600">{t('status.lead')}</p>
      <div
        role="status"
        data-status={dot}
        className={`mt-8 flex items-center gap-3 rounded-2xl border px-5 py-4 text-base font-semibold ${BANNER[dot]}`}
      >
        <span className={`size-3 shrink-0 rounded-full ${STATUS_DOT[dot]}`} aria-hidden="true" />
        {banner}
      </div>
      {provider && !provider.checkFailed && provider.status !== 'operational' && (
        <section
          aria-labelledby="provider-title"
          className="mt-6 flex gap-3 rounded-2xl border border-amber-200 bg-amber-50 px-5 py-4 text-amber-900"
        >
          <AlertIcon className="mt-0.5 size-5 shrink-0" />
          <div className="min-w-0">
            <h2 id="provider-title" className="font-semibold">
              {t('status.providerTitle')}
            </h2>
            <p className="mt-1 text-sm">
              {t('status.providerState', { status: t(`status.states.${provider.status}`) })}
            </p>
            {provider.description && <p className="mt-1 text-sm">{provider.description}</p>}
            {provider.name && (
              <p className="mt-1 text-sm">{t('status.providerComponent', { name: provider.name })}</p>
            )}
            {provider.updatedAt && (
              <p className="mt-1 text-xs">
                {t('status.providerUpdated', { time: format(provider.updatedAt) })}
              </p>
            )}
          </div>
        </section>
      )}
      <h2 className="mt-10 text-lg font-semibold text-ink-900">{t('status.servicesTitle')}</h2>
      {isError && !data ? (
        <p className="mt-3 text-sm text-ink-600">{t('status.unreachable')}</p>
      ) : (
        <ul
          aria-busy={!data}
          className="mt-3 divide-y divide-ink-100 rounded-2xl border border-ink-100 bg-white shadow-sm"
        >
          {data
            ? data.services.map((service) => (
                <li
                  key={service.id}
                  data-service={service.id}
                  data-state={service.status}
                  className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-5 py-4"
                >
                  <div className="min-w-0">
                    <p className="font-medium text-ink-900">{t(`status.services.${service.id}`)}</p>
                    <p className="mt-0.5 text-sm text-ink-600">
                      {t('status.lastChecked', { time: format(service.lastChecked) })}
                    </p>
                    {service.id === 'images' && provider?.checkFailed && (
                      <p className="mt-0.5 text-sm text-ink-600">{t('status.providerCheckFailed')}</p>
                    )}
                  </div>
                  <span className="inline-flex items-center gap-2 text-sm font-medium text-ink-800">
                    <span
                      className={`size-2.5 rounded-full ${STATE_DOT[service.status]}`}
                      aria-hidden="true"
                    />
                    {t(`status.states.${service.status}`)}
                  </span>
                </li>
              ))
            : Array.from({ length: 5 }, (_, i) => (
                <li key={i} className="px-5 py-4">
                  <div className="h-10 animate-pulse rounded bg-ink-50" />
                </li>
              ))}
        </ul>
      )}
    </div>
  );
}
