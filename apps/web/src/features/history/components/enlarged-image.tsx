import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GenerationResult } from '@vitrine/shared/api/generations';
import { Button } from '../../../components/ui/button';
import { DownloadIcon, ImageIcon, ShareIcon } from '../../../components/ui/icons';
import { ArchiveLinks, ResultVariants } from '../../generations/components/result-variants';
import { canShareFiles, useImageActions } from '../../generations/hooks/use-image-actions';
import { useVariantChoice } from '../../generations/hooks/use-variant-choice';
import { prefetchImage } from '../../generations/lib/image-blob';
import { resultImages } from '../../../lib/result-images';

/**
 * The history thumbnail, enlarged: the variant the user chose, the others to open (picking one makes it
 * the entry's image, for History, its download and its editor), with download and share.
 */
export function EnlargedImage({ item }: { item: GenerationResult }) {
  const { t } = useTranslation();
  const images = resultImages(item);
  const { selected, pick } = useVariantChoice(item);
  const current = images[selected] ?? images[0];
  const [failed, setFailed] = useState<string | null>(null);
  const { download, downloading, share } = useImageActions();
  useEffect(() => {
    if (current && canShareFiles()) prefetchImage(current.url);
  }, [current]);
  return (
    <div className="flex flex-col gap-4">
      <div className="grid min-h-48 place-items-center overflow-hidden rounded-xl bg-ink-50 ring-1 ring-ink-100">
        {current && failed !== current.url ? (
          <img
            key={current.url}
            src={current.url}
            alt={t('result.imageAlt', { index: selected + 1 })}
            onError={() => setFailed(current.url)}
            className="max-h-[60vh] w-auto max-w-full object-contain"
          />
        ) : (
          <ImageIcon className="size-8 text-ink-200" />
        )}
      </div>
      <ResultVariants
        mode={item.mode}
        images={images}
        selected={selected}
        onPick={pick}
        columns="sm:max-w-sm"
      />
      {current && (
        <div className="flex flex-wrap justify-end gap-2">
          <ArchiveLinks resultId={item.id} images={images} selected={selected} />
          <Button variant="secondary" onClick={() => void share(current.url)}>
            <ShareIcon className="size-4.5" />
            {t('result.share')}
          </Button>
          <Button onClick={() => void download(current.url)} disabled={downloading} busy={downloading}>
            {!downloading && <DownloadIcon className="size-4.5" />}
            {t(downloading ? 'result.downloading' : 'result.download')}
          </Button>
        </div>
      )}
    </div>
  );
}
