import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExpandIcon } from '../../../components/ui/icons';
import { ImageViewer, type ViewerImage } from './image-viewer';

/**
 * An image that opens at full size in the zoomable viewer when clicked, tapped or pressed (it is a
 * button), at the same variant, with the other variants a step away.
 */
export function ViewableImage({
  images,
  index,
  width,
  height,
  className,
}: {
  images: readonly ViewerImage[];
  index: number;
  width?: number;
  height?: number;
  className: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const image = images[index];
  if (!image) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(index)}
        aria-label={images.length > 1 ? t('viewer.open', { index: index + 1 }) : t('viewer.openOne')}
        aria-haspopup="dialog"
        className="group relative block max-w-full cursor-zoom-in"
      >
        <img
          key={image.url}
          src={image.url}
          alt={image.alt}
          width={width}
          height={height}
          className={className}
        />
        <span
          aria-hidden="true"
          className="absolute right-2 bottom-2 grid size-9 place-items-center rounded-full bg-ink-900/70 text-white shadow-sm transition group-hover:bg-ink-900/85"
        >
          <ExpandIcon className="size-4.5" />
        </span>
      </button>
      {open !== null && (
        <ImageViewer images={images} index={open} onIndexChange={setOpen} onClose={() => setOpen(null)} />
      )}
    </>
  );
}
