import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button-link';
import { LanguageToggle } from '../../../components/ui/language-toggle';
import { Logo } from '../../../components/ui/logo';

/** The frame of the account screens: logo, back-to-home, language, and a centred card. */
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
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-br from-ink-50 via-white to-brand-50">
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-6 py-4">
        <Logo className="text-ink-900" />
        <div className="flex items-center gap-3">
          <LanguageToggle />
          <ButtonLink to="/" variant="secondary">
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
    </div>
  );
}
