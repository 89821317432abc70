import { useLayoutEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Lang } from '@vitrine/shared/locale';
import { twinPageOf, twinPath, type TwinPage } from '@vitrine/shared/routes';
import { ButtonLink } from '../../../components/ui/button-link';
import { Logo } from '../../../components/ui/logo';
import { rememberSiteLanguage } from '../lib/site-language';
import { usePageHead } from '../lib/use-page-head';
import { CookieBanner } from './cookie-banner';
import { SiteFooter } from './site-footer';

/** The language of the public page at the current address: its path says it (/about-en is English). */
export function usePageLanguage(): Lang {
  const { pathname } = useLocation();
  const lang = twinPageOf(pathname)?.lang ?? 'fr';
  const { i18n } = useTranslation();
  useLayoutEffect(() => {
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
  }, [i18n, lang]);
  return lang;
}

/**
 * The frame of the public pages (about, careers, contact, status and the legal pages): a top bar with
 * the logo, the FR/EN switch to the same page in the other language and a back-to-home button; the
 * footer; the cookie banner.
 */
export function PublicLayout({ page, children }: { page: TwinPage; children: ReactNode }) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  usePageHead(page);
  const other: Lang = lang === 'fr' ? 'en' : 'fr';
  return (
    <div className="flex min-h-screen flex-col bg-ink-50">
      {/* First in the page's order: a keyboard reaches the choice before what the banner covers. */}
      <CookieBanner />
      <header className="sticky top-0 z-20 border-b border-ink-100 bg-white/90 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-3 py-3 sm:px-6">
          <Link to="/" className="shrink-0 rounded-lg text-ink-900" aria-label={t('app.name')}>
            <Logo className="[&>span:last-child]:hidden min-[400px]:[&>span:last-child]:inline" />
          </Link>
          <div className="flex min-w-0 items-center gap-2 sm:gap-3">
            <Link
              to={twinPath(page, other)}
              onClick={() => rememberSiteLanguage(other)}
              hrefLang={other}
              lang={other}
              aria-label={other === 'en' ? t('site.switchToEnglish') : t('site.switchToFrench')}
              className="rounded-full border border-ink-200 bg-white px-3 py-1.5 text-sm font-medium text-ink-800 shadow-sm transition hover:border-brand-500 hover:text-brand-700"
            >
              {other.toUpperCase()}
            </Link>
            <ButtonLink to="/" variant="secondary" size="sm">
              <span aria-hidden="true">←</span> {t('site.backHome')}
            </ButtonLink>
          </div>
        </div>
      </header>
      <main className="flex-1">{children}</main>
      <SiteFooter />
    </div>
  );
}
