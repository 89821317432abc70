import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, RefreshIcon } from '../../../components/ui/icons';
import { formatDateTime } from '../../../lib/format-date';

/**
 * Says that the form below holds the settings of an earlier generation. It takes keyboard focus when it
 * appears (the form was opened by "Generate again"), so a screen reader reads it and Tab goes on into
 * the form.
 */
export function AgainNotice({ generatedAt, onDismiss }: { generatedAt: string; onDismiss: () => void }) {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
    ref.current?.scrollIntoView({ block: 'center' });
  }, [generatedAt]);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className="flex items-start gap-3 rounded-2xl bg-brand-50 px-4 py-3 text-sm text-brand-900 ring-1 ring-brand-100 focus:outline-none focus-visible:outline-2"
    >
      <RefreshIcon className="mt-0.5 size-4 shrink-0 text-brand-700" />
      <p className="min-w-0 flex-1">
        {t('again.loaded', { date: formatDateTime(generatedAt, i18n.language) })}
      </p>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={t('again.dismiss')}
        className="-my-1 grid size-8 shrink-0 place-items-center rounded-lg text-brand-700 transition hover:bg-brand-100"
      >
        <CloseIcon className="size-4" />
      </button>
    </div>
  );
}
