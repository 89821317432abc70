import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { CheckIcon, CloseIcon, ImageIcon, RefreshIcon } from '../../../components/ui/icons';
import type { PickedImage } from '../../../lib/picked-image';

/** The picker once its image is stored: the preview (or why it cannot show), its name, Replace, Remove. */
export function PickedImageCard({
  image,
  label,
  broken,
  onBroken,
  onReplace,
  onRemove,
  disabled,
}: {
  image: PickedImage;
  label: string;
  /** The preview failed to load: a line says so in its place. */
  broken: boolean;
  onBroken: () => void;
  onReplace: () => void;
  onRemove: () => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="overflow-hidden rounded-xl ring-1 ring-ink-200">
      <div className="relative grid aspect-[4/3] place-items-center bg-[repeating-conic-gradient(var(--color-ink-100)_0_25%,white_0_50%)] bg-[length:16px_16px]">
        {broken ? (
          <p className="flex flex-col items-center gap-2 px-4 text-center text-sm text-ink-600">
            <ImageIcon className="size-6 text-ink-400" />
            {t('imagePicker.previewFailed')}
          </p>
        ) : (
          <img
            src={image.previewUrl}
            alt={t('imagePicker.previewAlt', { label })}
            onError={onBroken}
            className="size-full object-contain"
          />
        )}
        <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-emerald-700 px-2.5 py-1 text-xs font-semibold text-white shadow-sm">
          <CheckIcon className="size-3.5" />
          {t('imagePicker.ready')}
        </span>
      </div>
      <div className="flex items-center gap-2 border-t border-ink-100 bg-white px-3 py-2">
        <span className="min-w-0 flex-1 truncate text-sm text-ink-600" title={image.name}>
          {image.name}
        </span>
        <Button
          variant="ghost"
          size="sm"
          onClick={onReplace}
          disabled={disabled}
          aria-label={t('imagePicker.replaceLabel', { label })}
          data-picker-focus
        >
          <RefreshIcon className="size-4" />
          <span className="hidden sm:inline">{t('imagePicker.replace')}</span>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={onRemove}
          disabled={disabled}
          aria-label={t('imagePicker.removeLabel', { label })}
          className="hover:bg-red-50 hover:text-red-700"
        >
          <CloseIcon className="size-4" />
          <span className="hidden sm:inline">{t('imagePicker.remove')}</span>
        </Button>
      </div>
    </div>
  );
}
