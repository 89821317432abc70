import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button-link';
import { LanguageToggle } from '../../../components/ui/language-toggle';
import { Logo } from '../../../components/ui/logo';
import { CookieBanner } from '../../site/components/cookie-banner';
import { SiteFooter } from '../../site/components/site-footer';
import { rememberSiteLanguage, useSiteLanguage } from '../../site/lib/site-language';

/**
 * The frame of the account screens, in the public pages' language: logo, back-to-home, language, a
 * centred card, and the public footer with the cookie banner, as on the public pages (whoever signs up
 * can read the privacy policy and the terms from here, and the footer's "Cookie settings" works).
 */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  useSiteLanguage();
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-br from-ink-50 via-white to-brand-50">
      {/* First in the page's order: a keyboard reaches the choice before what the banner covers. */}
      <CookieBanner />
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between gap-2 px-3 py-4 sm:px-6">
        <Logo className="shrink-0 text-ink-900 [&>span:last-child]:hidden min-[400px]:[&>span:last-child]:inline" />
        <div className="flex min-w-0 items-center gap-2 sm:gap-3">
          <LanguageToggle onChange={rememberSiteLanguage} />
          <ButtonLink to="/" variant="secondary" size="sm">
            {t('common.backHome')}
          </ButtonLink>
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center">
        <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl ring-1 ring-ink-100 sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-ink-900">{title}</h1>
          <p className="mt-1 mb-6 text-sm text-ink-600">{subtitle}</p>
          {children}
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
