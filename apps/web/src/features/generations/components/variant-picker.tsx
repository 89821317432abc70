import { useTranslation } from 'react-i18next';
import type { GenerationImage } from '@vitrine/shared/api/generations';
import { CheckIcon } from '../../../components/ui/icons';

/** The variants of a result as buttons, the chosen one marked; `columns`: on a wide screen. */
export function VariantPicker({
  images,
  selected,
  onPick,
  columns = 'lg:grid-cols-2',
}: {
  images: GenerationImage[];
  selected: number;
  onPick: (index: number) => void;
  columns?: string;
}) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={t('result.variants')}>
      <p aria-hidden="true" className="mb-2 text-xs font-semibold tracking-wider text-ink-400 uppercase">
        {t('result.variants')}
      </p>
      <div className={`grid grid-cols-4 gap-2 ${columns}`}>
        {images.map((image, index) => (
          <button
            key={image.url}
            type="button"
            onClick={() => onPick(index)}
            aria-pressed={index === selected}
            aria-label={t('result.variant', { index: index + 1 })}
            className={`relative overflow-hidden rounded-lg bg-ink-50 ring-2 transition ${
              index === selected ? 'ring-brand-600' : 'ring-transparent hover:ring-ink-200'
            }`}
          >
            <img src={image.url} alt="" loading="lazy" className="aspect-square w-full object-contain" />
            {index === selected && (
              <span className="absolute top-1 right-1 grid size-5 place-items-center rounded-full bg-brand-600 text-white">
                <CheckIcon className="size-3.5" />
              </span>
            )}
          </button>
        ))}
      </div>
    </div>
  );
}
