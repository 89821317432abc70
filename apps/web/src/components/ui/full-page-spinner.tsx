import { useTranslation } from 'react-i18next';
import { Logo } from './logo';

/** Shown while the session is being checked: the logo and 'Loading' (spec: landing while auth loads). */
export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-4" role="status">
      <Logo className="text-ink-900" />
      <span
        className="size-6 animate-spin rounded-full border-2 border-brand-600 border-t-transparent"
        aria-hidden="true"
      />
      <span className="text-sm text-ink-600">{t('common.loading')}</span>
    </div>
  );
}
