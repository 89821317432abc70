import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '../../../components/ui/language-toggle';
import { Logo } from '../../../components/ui/logo';
import { HeaderAccount } from './header-account';
import { VerificationBanner } from './verification-banner';

const POINTS = ['home.pointFusion', 'home.pointExpress', 'home.pointEditor'] as const;

/** The public home page. */
export function HomePage() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${t('app.name')} · ${t('app.tagline')}`;
  }, [t]);
  return (
    <div className="flex min-h-screen flex-col">
      <header className="sticky top-0 z-10 border-b border-ink-100 bg-white/80 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-6 py-3">
          <Logo className="text-ink-900" />
          <div className="flex items-center gap-3">
            <LanguageToggle />
            <HeaderAccount />
          </div>
        </div>
      </header>
      <VerificationBanner />
      <main className="flex flex-1 flex-col">
        <section className="relative flex flex-1 items-center overflow-hidden bg-gradient-to-br from-brand-900 via-brand-700 to-brand-500 text-white">
          <div className="mx-auto grid w-full max-w-6xl gap-10 px-6 py-24 md:grid-cols-[1.2fr_1fr] md:py-32">
            <div>
              <h1 className="text-4xl font-extrabold leading-tight tracking-tight md:text-6xl">
                {t('home.title')}
              </h1>
              <p className="mt-6 max-w-xl text-lg text-brand-100">{t('home.subtitle')}</p>
            </div>
            <ul className="flex flex-col justify-center gap-4">
              {POINTS.map((key) => (
                <li
                  key={key}
                  className="rounded-xl bg-white/10 px-5 py-4 text-base ring-1 ring-white/20 backdrop-blur"
                >
                  {t(key)}
                </li>
              ))}
            </ul>
          </div>
        </section>
      </main>
      <footer className="border-t border-ink-100 bg-white py-6 text-center text-sm text-ink-600">
        {t('footer.copyright', { year: new Date().getFullYear() })}
      </footer>
    </div>
  );
}
