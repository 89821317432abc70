import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button-link';
import { Logo } from '../../../components/ui/logo';

/** The page for any path no screen owns (spec section 2: 'Oops! Page not found', Return to Home). */
export function NotFoundPage() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${t('notFound.title')} · ${t('app.name')}`;
  }, [t]);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-gradient-to-b from-ink-50 to-brand-50 px-6 text-center">
      <Logo className="text-ink-900" />
      <p className="bg-gradient-to-r from-brand-600 to-accent-500 bg-clip-text text-8xl font-extrabold tracking-tight text-transparent">
        {t('notFound.code')}
      </p>
      <h1 className="text-2xl font-semibold text-ink-900">{t('notFound.title')}</h1>
      <ButtonLink to="/">{t('notFound.returnHome')}</ButtonLink>
    </main>
  );
}
