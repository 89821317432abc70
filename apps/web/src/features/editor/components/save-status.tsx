/**
 * A quiet line under the editor saying whether the layers are saved. It stays in sight at the bottom
 * while the editor scrolls (on a phone the panels run below the image), so a save refused is seen.
 */
import { useTranslation } from 'react-i18next';
import type { SaveStatus } from '../hooks/use-autosave';

export function SaveStatusLine({ status, onReload }: { status: SaveStatus | 'off'; onReload: () => void }) {
  const { t } = useTranslation();
  const text =
    status === 'pending' || status === 'saving'
      ? t('editor.save.saving')
      : status === 'saved'
        ? t('editor.save.saved')
        : status === 'failed'
          ? t('editor.save.failed')
          : status === 'conflict'
            ? t('editor.save.conflict')
            : status === 'off'
              ? t('editor.save.loadFailed')
              : '';
  const alarming = status === 'failed' || status === 'off' || status === 'conflict';
  return (
    <div
      className={`sticky bottom-0 z-10 flex min-h-8 flex-wrap items-center gap-x-3 gap-y-1 border-t border-ink-100 bg-white px-4 py-1.5 text-xs ${
        alarming ? 'text-red-700' : 'text-ink-600'
      }`}
    >
      <p role="status">{text}</p>
      {status === 'conflict' && (
        <button
          type="button"
          onClick={onReload}
          className="rounded font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {t('editor.save.reload')}
        </button>
      )}
    </div>
  );
}
