import { useTranslation } from 'react-i18next';
import type { GenerationImage, GenerationMode } from '@vitrine/shared/api/generations';
import { resultArchivePath } from '@vitrine/shared/api/generations';
import { buttonClasses } from '../../../components/ui/button-styles';
import { DownloadIcon } from '../../../components/ui/icons';
import { formatGroups, indexInFormat, type FormatGroup } from '../../../lib/result-images';
import { imageFormatName } from '../lib/option-labels';
import { VariantPicker } from './variant-picker';

/** The group of formats the selected image belongs to (the first when none holds it). */
export function groupOf(groups: readonly FormatGroup[], selected: number): FormatGroup | undefined {
  return groups.find((group) => group.indices.includes(selected)) ?? groups[0];
}

/**
 * The images of a result to pick from: with "every format", its formats (the chosen one first), then
 * the variants of the format shown; otherwise the variants alone.
 */
export function ResultVariants({
  mode,
  images,
  selected,
  onPick,
  columns,
}: {
  mode: GenerationMode;
  images: GenerationImage[];
  selected: number;
  onPick: (index: number) => void;
  columns?: string;
}) {
  const { t } = useTranslation();
  const groups = formatGroups(images);
  const group = groupOf(groups, selected);
  if (!group) return null;
  return (
    <>
      {groups.length > 1 && (
        <div role="group" aria-label={t('result.formats')}>
          <p aria-hidden="true" className="mb-2 text-xs font-semibold tracking-wider text-ink-400 uppercase">
            {t('result.formats')}
          </p>
          <div className="flex flex-wrap gap-1.5">
            {groups.map(({ format, indices }) => {
              const first = images[indices[0]!]!;
              const current = format === group.format;
              return (
                <button
                  key={format ?? ''}
                  type="button"
                  aria-pressed={current}
                  title={t('result.size', { width: first.width, height: first.height })}
                  onClick={() => onPick(indexInFormat(groups, selected, format))}
                  className={`rounded-full px-3 py-1 text-xs font-medium ring-1 transition ${
                    current
                      ? 'bg-brand-600 text-white ring-brand-600'
                      : 'bg-white text-ink-700 ring-ink-200 hover:ring-brand-500'
                  }`}
                >
                  {format ? imageFormatName(t, mode, format) : t('result.variants')}
                </button>
              );
            })}
          </div>
        </div>
      )}
      {group.indices.length > 1 && (
        <VariantPicker
          images={group.indices.map((index) => images[index]!)}
          selected={group.indices.indexOf(selected)}
          onPick={(place) => onPick(group.indices[place]!)}
          columns={columns}
        />
      )}
    </>
  );
}

/**
 * A result's images as zips: every one, and (with "every format") the format shown alone. Plain links:
 * the browser streams the archive to disk under the name the server gives it.
 */
export function ArchiveLinks({
  resultId,
  images,
  selected,
}: {
  resultId: string;
  images: GenerationImage[];
  selected: number;
}) {
  const { t } = useTranslation();
  const groups = formatGroups(images);
  const group = groupOf(groups, selected);
  if (groups.length < 2 || !group) return null;
  return (
    <>
      {group.format && (
        <a href={resultArchivePath(resultId, group.format)} download className={buttonClasses('secondary')}>
          <DownloadIcon className="size-4.5" />
          {t('result.downloadFormat')}
        </a>
      )}
      <a href={resultArchivePath(resultId)} download className={buttonClasses('secondary')}>
        <DownloadIcon className="size-4.5" />
        {t('result.downloadAll')}
      </a>
    </>
  );
}
