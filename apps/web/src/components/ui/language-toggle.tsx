import { useTranslation } from 'react-i18next';

/** FR/EN switch: shows the language it switches to. */
export function LanguageToggle({ onChange }: { onChange?: (lang: 'fr' | 'en') => void }) {
  const { t, i18n } = useTranslation();
  const next = i18n.language === 'fr' ? 'en' : 'fr';
  return (
    <button
      type="button"
      onClick={() => {
        void i18n.changeLanguage(next);
        onChange?.(next);
      }}
      aria-label={t('language.switchLabel')}
      className="rounded-full border border-ink-200 bg-white px-3 py-1.5 text-sm font-medium text-ink-800 shadow-sm transition hover:border-brand-500 hover:text-brand-700"
    >
      {next.toUpperCase()}
    </button>
  );
}
