import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HISTORY_LIMIT, type GenerationResult } from '@vitrine/shared/api/generations';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { Dialog } from '../../../components/ui/dialog';
import { HistoryIcon, InfoIcon, SparklesIcon } from '../../../components/ui/icons';
import { formatDateTime } from '../../../lib/format-date';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useHistory } from '../../generations/api/get-history';
import { ImageEditor } from '../../editor/components/image-editor';
import { initialImageIndex } from '../../../lib/result-images';
import { EnlargedImage } from './enlarged-image';
import { HistoryTable } from './history-table';

type Opened = { item: GenerationResult; view: 'enlarged' | 'edit' };

/**
 * Spec section 2, History page (full width): the 20 latest results with preview, dates, style, status
 * and Edit. Edit opens the image editor on the result's image, with download-with-logo and back.
 */
export function HistoryPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('history.title'));
  const history = useHistory();
  const [opened, setOpened] = useState<Opened | null>(null);
  const close = () => setOpened(null);
  const openedDate = opened ? formatDateTime(opened.item.generatedAt, i18n.language) : '';

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">{t('history.title')}</h1>
          <p className="mt-1 text-ink-600">{t('history.subtitle')}</p>
        </div>
        <p className="flex items-center gap-2 self-start rounded-xl bg-white px-3 py-1.5 text-xs text-ink-600 shadow-xs ring-1 ring-ink-100 sm:self-auto">
          <InfoIcon className="size-4 text-brand-600" />
          {t('history.retention')}
        </p>
      </div>

      {history.isPending ? (
        <HistorySkeleton label={t('history.loading')} />
      ) : history.isError ? (
        <div role="alert" className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-ink-100">
          <p className="font-medium text-ink-900">{t('history.loadFailed')}</p>
          <Button variant="secondary" size="sm" className="mt-4" onClick={() => void history.refetch()}>
            {t('history.retry')}
          </Button>
        </div>
      ) : history.data.items.length === 0 ? (
        <section className="flex flex-col items-center gap-3 rounded-2xl bg-white px-6 py-16 text-center shadow-sm ring-1 ring-ink-100">
          <span className="grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-600">
            <HistoryIcon className="size-7" />
          </span>
          <h2 className="text-lg font-semibold text-ink-900">{t('history.empty')}</h2>
          <p className="max-w-sm text-sm text-ink-600">{t('history.emptyDescription')}</p>
          <ButtonLink to="/dashboard" className="mt-2">
            <SparklesIcon className="size-4.5" />
            {t('history.emptyAction')}
          </ButtonLink>
        </section>
      ) : (
        <HistoryTable
          items={history.data.items.slice(0, HISTORY_LIMIT)}
          onEnlarge={(item) => setOpened({ item, view: 'enlarged' })}
          onEdit={(item) => setOpened({ item, view: 'edit' })}
        />
      )}

      <Dialog
        open={opened !== null}
        onClose={close}
        size={opened?.view === 'edit' ? 'full' : 'lg'}
        flush={opened?.view === 'edit'}
        title={
          opened?.view === 'edit'
            ? t('editor.dialogTitle', { date: openedDate })
            : t('history.enlargedTitle', { date: openedDate })
        }
      >
        {opened?.view === 'enlarged' && <EnlargedImage item={opened.item} />}
        {opened?.view === 'edit' && (
          <ImageEditor
            key={opened.item.id}
            result={opened.item}
            imageIndex={initialImageIndex(opened.item)}
            onBack={close}
            downloadLabel="downloadWithLogo"
          />
        )}
      </Dialog>
    </div>
  );
}

function HistorySkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="rounded-2xl bg-white shadow-sm ring-1 ring-ink-100">
      <div className="h-12 border-b border-ink-100" />
      {[0, 1, 2, 3, 4].map((row) => (
        <div
          key={row}
          className="flex animate-pulse items-center gap-6 border-b border-ink-50 px-5 py-4 last:border-0"
        >
          <div className="size-14 shrink-0 rounded-lg bg-ink-100" />
          <div className="h-4 w-40 rounded bg-ink-100" />
          <div className="hidden h-4 w-28 rounded bg-ink-50 md:block" />
          <div className="hidden h-4 w-32 rounded bg-ink-50 lg:block" />
          <div className="ml-auto h-6 w-20 rounded-full bg-ink-50" />
        </div>
      ))}
    </div>
  );
}
