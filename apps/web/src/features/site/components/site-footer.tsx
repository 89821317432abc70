import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isLang, type Lang } from '@vitrine/shared/locale';
import { twinPath, type TwinPage } from '@vitrine/shared/routes';
import { Logo } from '../../../components/ui/logo';
import { STATUS_DOT, useServiceStatus } from '../api/status';
import { useSiteInfo } from '../api/site-info';
import { openCookieSettings } from '../lib/consent';

const DOT_LABEL = {
  loading: 'site.footer.statusLoading',
  operational: 'site.footer.statusOperational',
  outage: 'site.footer.statusIssues',
} as const;

const linkClass = 'rounded text-sm text-ink-200 transition hover:text-white';

/** The footer of every public page (spec section 2): product, company, support and legal links. */
export function SiteFooter() {
  const { t, i18n } = useTranslation();
  const lang: Lang = isLang(i18n.language) ? i18n.language : 'fr';
  const site = useSiteInfo();
  const { dot: state } = useServiceStatus();
  const page = (name: TwinPage, label: string) => (
    <li>
      <Link to={twinPath(name, lang)} className={linkClass}>
        {label}
      </Link>
    </li>
  );
  const column = (title: string, items: ReactNode) => (
    <div>
      <h2 className="text-sm font-semibold text-white">{title}</h2>
      <ul className="mt-4 space-y-3">{items}</ul>
    </div>
  );
  return (
    <footer className="bg-ink-900 text-ink-200">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-5 py-14 sm:px-6 md:grid-cols-[1.4fr_repeat(4,1fr)] md:gap-10">
        <div className="col-span-2 md:col-span-1">
          <Link to="/" className="inline-block rounded-lg text-white" aria-label={t('app.name')}>
            <Logo />
          </Link>
          <p className="mt-4 max-w-xs text-sm">{t('site.footer.tagline')}</p>
        </div>
        {column(
          t('site.footer.product'),
          <>
            <li>
              <a href="/#features" className={linkClass}>
                {t('site.footer.features')}
              </a>
            </li>
            <li>
              <a href="/#pricing" className={linkClass}>
                {t('site.footer.pricing')}
              </a>
            </li>
          </>,
        )}
        {column(
          t('site.footer.company'),
          <>
            {page('about', t('site.footer.about'))}
            {page('careers', t('site.footer.careers'))}
            {site.parentCompanyUrl && (
              <li>
                <a
                  href={site.parentCompanyUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={linkClass}
                >
                  {t('site.footer.parent')}
                  <span className="sr-only"> {t('site.footer.opensInNewTab')}</span>
                </a>
              </li>
            )}
          </>,
        )}
        {column(
          t('site.footer.support'),
          <>
            {page('contact', t('site.footer.contact'))}
            <li>
              <Link to={twinPath('status', lang)} className={`${linkClass} inline-flex items-center gap-2`}>
                <span
                  className={`size-2.5 shrink-0 rounded-full ${STATUS_DOT[state]}`}
                  data-status={state}
                  aria-hidden="true"
                />
                {t('site.footer.status')}
                <span className="sr-only">
                  {t('site.footer.statusState', { state: t(DOT_LABEL[state]) })}
                </span>
              </Link>
            </li>
          </>,
        )}
        {column(
          t('site.footer.legal'),
          <>
            {page('privacy', t('site.footer.privacy'))}
            {page('terms', t('site.footer.terms'))}
            {page('cookies', t('site.footer.cookies'))}
            <li>
              <button type="button" onClick={openCookieSettings} className={`${linkClass} text-left`}>
                {t('site.footer.cookieSettings')}
              </button>
            </li>
          </>,
        )}
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-5 py-6 text-xs text-ink-200 sm:px-6">
          {t('site.footer.copyright', { year: new Date().getFullYear(), company: site.companyName })}
        </p>
      </div>
    </footer>
  );
}
