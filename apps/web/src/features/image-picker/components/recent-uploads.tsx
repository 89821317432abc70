import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecentUpload, UploadRole } from '@vitrine/shared/api/uploads';
import { CheckIcon } from '../../../components/ui/icons';
import { formatMediumDate } from '../../../lib/format-date';
import { useRecentUploads } from '../api/recent-uploads';

/**
 * The user's recent uploads of a role, last used first, as a row of thumbnails to take again in one
 * click or tap (buttons: Tab, Enter and Space work; each target is 64 px). A product shows whether its
 * cut-out was checked: chosen again, that cut-out is used as it is. Nothing shows while there are none.
 */
export function RecentUploads({
  role,
  label,
  onChoose,
  disabled = false,
}: {
  role: UploadRole;
  label: string;
  onChoose: (upload: RecentUpload) => void;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const recent = useRecentUploads(role, !disabled);
  // An upload deleted since the list was read has no preview any more: it is not offered.
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());
  const items = (recent.data?.items ?? []).filter((item) => !broken.has(item.id));
  if (items.length === 0) return null;

  return (
    // Each picker has its own list: the region names its picker, so the two are told apart.
    <section aria-label={t('imagePicker.recentRegion', { label })} className="min-w-0">
      <h3 className="text-xs font-semibold text-ink-600">{t('imagePicker.recentTitle')}</h3>
      <ul className="mt-1.5 flex snap-x gap-2 overflow-x-auto p-0.5 pb-1.5">
        {items.map((item) => {
          const date = formatMediumDate(item.createdAt, i18n.language);
          const name = item.name ?? t('imagePicker.recentUnnamed');
          const checked = item.cutout !== null && item.cutout.choice !== 'auto';
          return (
            <li key={item.id} className="shrink-0 snap-start">
              <button
                type="button"
                onClick={() => onChoose(item)}
                disabled={disabled}
                aria-label={t(checked ? 'imagePicker.recentChooseChecked' : 'imagePicker.recentChoose', {
                  label,
                  name,
                  date,
                })}
                title={name}
                className="relative grid size-16 place-items-center overflow-hidden rounded-lg bg-[repeating-conic-gradient(var(--color-ink-100)_0_25%,white_0_50%)] bg-[length:12px_12px] ring-1 ring-ink-200 transition hover:ring-2 hover:ring-brand-500 disabled:cursor-not-allowed disabled:opacity-50"
              >
                <img
                  src={item.thumbnailUrl}
                  alt=""
                  loading="lazy"
                  onError={() => setBroken((current) => new Set(current).add(item.id))}
                  className="size-full object-cover"
                />
                {checked && (
                  <span className="absolute right-0.5 bottom-0.5 grid size-5 place-items-center rounded-full bg-emerald-700 text-white shadow-sm">
                    <CheckIcon className="size-3.5" />
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
