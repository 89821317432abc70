import { useTranslation } from 'react-i18next';

/** The Vitrine mark: a shop front with its awning, and the word mark beside it. */
export function Logo({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-flex items-center gap-2 font-semibold tracking-tight ${className}`}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#4338ca" />
        <path d="M7 11.5 9 7h14l2 4.5v1.2a3 3 0 0 1-6 0 3 3 0 0 1-6 0 3 3 0 0 1-6 0z" fill="#fbbf24" />
        <path d="M8.5 16.5V25h15v-8.5" fill="none" stroke="#fff" strokeWidth="2" strokeLinejoin="round" />
        <rect x="12" y="19" width="8" height="6" rx="1" fill="#fff" />
      </svg>
      <span className="text-lg">{t('app.name')}</span>
    </span>
  );
}
