import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GenerationResult } from '@vitrine/shared/api/generations';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ImageIcon, PencilIcon } from '../../../components/ui/icons';
import { formatDateTime, formatMediumDate } from '../../../lib/format-date';
import { messageText } from '../../../lib/message-line';
import { GenerateAgainLink } from '../../generations/components/generate-again-link';
import { historyRow } from '../lib/history-row';

type Actions = { onEnlarge: (item: GenerationResult) => void; onEdit: (item: GenerationResult) => void };

/** The history as a table from 768 px, and as a list of cards on a phone. */
export function HistoryTable({ items, ...actions }: { items: GenerationResult[] } & Actions) {
  const { t } = useTranslation();
  return (
    <>
      <div className="hidden overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-ink-100 md:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-ink-100 bg-ink-50/60 text-xs font-semibold tracking-wider text-ink-600 uppercase">
            <tr>
              <th scope="col" className="px-5 py-3">
                {t('history.columns.preview')}
              </th>
              <th scope="col" className="px-4 py-3">
                {t('history.columns.date')}
              </th>
              <th scope="col" className="px-4 py-3">
                {t('history.columns.style')}
              </th>
              <th scope="col" className="px-4 py-3">
                {t('history.columns.expiry')}
              </th>
              <th scope="col" className="px-4 py-3">
                {t('history.columns.status')}
              </th>
              <th scope="col" className="px-5 py-3 text-right">
                {t('history.columns.actions')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-100">
            {items.map((item) => (
              <HistoryTableRow key={item.id} item={item} {...actions} />
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-3 md:hidden">
        {items.map((item) => (
          <HistoryCard key={item.id} item={item} {...actions} />
        ))}
      </ul>
    </>
  );
}

function useRow(item: GenerationResult) {
  const { t, i18n } = useTranslation();
  const row = historyRow(item);
  return {
    row,
    date: formatDateTime(item.generatedAt, i18n.language),
    expiry: formatMediumDate(item.expiresAt, i18n.language),
    style: messageText(t, row.style),
  };
}

function HistoryTableRow({ item, onEnlarge, onEdit }: { item: GenerationResult } & Actions) {
  const { t } = useTranslation();
  const { row, date, expiry, style } = useRow(item);
  return (
    <tr className="transition hover:bg-ink-50/50">
      <td className="px-5 py-3">
        <Thumbnail
          url={row.thumbnail}
          label={t('history.enlarge', { date })}
          onOpen={() => onEnlarge(item)}
        />
      </td>
      <td className="px-4 py-3 font-medium whitespace-nowrap text-ink-900">{date}</td>
      <td className="px-4 py-3 text-ink-600">{style}</td>
      <td className="px-4 py-3 whitespace-nowrap text-ink-600">{expiry}</td>
      <td className="px-4 py-3">
        <Badge tone={row.badge.tone}>{t(row.badge.key)}</Badge>
      </td>
      <td className="px-5 py-3">
        <div className="flex flex-wrap justify-end gap-2">
          <GenerateAgainLink
            result={item}
            size="sm"
            variant="ghost"
            label={t('history.generateAgainLabel', { date })}
          />
          <EditButton item={item} date={date} onEdit={onEdit} />
        </div>
      </td>
    </tr>
  );
}

/** History's Edit: opens the editor on the entry's image. */
function EditButton({
  item,
  date,
  onEdit,
}: {
  item: GenerationResult;
  date: string;
  onEdit: Actions['onEdit'];
}) {
  const { t } = useTranslation();
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => onEdit(item)}
      aria-label={t('history.editLabel', { date })}
    >
      <PencilIcon className="size-4" />
      {t('history.edit')}
    </Button>
  );
}

function HistoryCard({ item, onEnlarge, onEdit }: { item: GenerationResult } & Actions) {
  const { t } = useTranslation();
  const { row, date, expiry, style } = useRow(item);
  return (
    <li className="flex gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink-100">
      <Thumbnail
        url={row.thumbnail}
        label={t('history.enlarge', { date })}
        onOpen={() => onEnlarge(item)}
        large
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="font-semibold text-ink-900">{date}</p>
          <Badge tone={row.badge.tone}>{t(row.badge.key)}</Badge>
        </div>
        <p className="text-sm text-ink-600">{style}</p>
        <p className="text-xs text-ink-400">{t('history.expires', { date: expiry })}</p>
        <div className="mt-1 flex flex-wrap gap-2">
          <EditButton item={item} date={date} onEdit={onEdit} />
          <GenerateAgainLink
            result={item}
            size="sm"
            variant="ghost"
            label={t('history.generateAgainLabel', { date })}
            // On a phone the long label wraps instead of pushing the page wider than the screen.
            className="min-w-0 shrink! text-left"
          />
        </div>
      </div>
    </li>
  );
}

/** A thumbnail that opens the enlarged view; an image that fails to load is hidden (spec section 8). */
function Thumbnail({
  url,
  label,
  onOpen,
  large = false,
}: {
  url: string | null;
  label: string;
  onOpen: () => void;
  large?: boolean;
}) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const size = large ? 'size-20' : 'size-14';
  if (!url) {
    return (
      <span
        className={`grid ${size} place-items-center rounded-lg bg-ink-50 text-xs font-semibold text-ink-400 ring-1 ring-ink-100`}
      >
        {t('history.noImage')}
      </span>
    );
  }
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={label}
      className={`group grid ${size} shrink-0 place-items-center overflow-hidden rounded-lg bg-ink-50 ring-1 ring-ink-100 transition hover:ring-2 hover:ring-brand-500`}
    >
      {failed ? (
        <ImageIcon className="size-5 text-ink-200" />
      ) : (
        <img
          src={url}
          alt=""
          loading="lazy"
          onError={() => setFailed(true)}
          className="size-full object-cover transition group-hover:scale-105"
        />
      )}
    </button>
  );
}
