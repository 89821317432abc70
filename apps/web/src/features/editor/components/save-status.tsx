/** A quiet line under the editor saying whether the layers are saved. */
import { useTranslation } from 'react-i18next';
import type { SaveStatus } from '../hooks/use-autosave';

export function SaveStatusLine({ status }: { status: SaveStatus | 'off' }) {
  const { t } = useTranslation();
  const text =
    status === 'pending' || status === 'saving'
      ? t('editor.save.saving')
      : status === 'saved'
        ? t('editor.save.saved')
        : status === 'failed'
          ? t('editor.save.failed')
          : status === 'off'
            ? t('editor.save.loadFailed')
            : '';
  return (
    <p
      role="status"
      className={`min-h-8 border-t border-ink-100 bg-white px-4 py-1.5 text-xs ${
        status === 'failed' || status === 'off' ? 'text-red-700' : 'text-ink-600'
      }`}
    >
      {text}
    </p>
  );
}
