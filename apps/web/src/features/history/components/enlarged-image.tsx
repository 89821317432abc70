import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GenerationResult } from '@vitrine/shared/api/generations';
import { Button } from '../../../components/ui/button';
import { DownloadIcon, ImageIcon } from '../../../components/ui/icons';
import { useImageActions } from '../../generations/hooks/use-image-actions';
import { previewUrl } from '../../generations/lib/result-images';

/** The history thumbnail, enlarged, with its download. */
export function EnlargedImage({ item }: { item: GenerationResult }) {
  const { t } = useTranslation();
  const url = previewUrl(item);
  const [failed, setFailed] = useState(false);
  const { download, downloading } = useImageActions();
  return (
    <div className="flex flex-col gap-4">
      <div className="grid min-h-48 place-items-center overflow-hidden rounded-xl bg-ink-50 ring-1 ring-ink-100">
        {url && !failed ? (
          <img
            src={url}
            alt={t('result.imageAlt', { index: 1 })}
            onError={() => setFailed(true)}
            className="max-h-[70vh] w-auto max-w-full object-contain"
          />
        ) : (
          <ImageIcon className="size-8 text-ink-200" />
        )}
      </div>
      {url && (
        <Button
          onClick={() => void download(url)}
          disabled={downloading}
          busy={downloading}
          className="self-end"
        >
          {!downloading && <DownloadIcon className="size-4.5" />}
          {t(downloading ? 'result.downloading' : 'result.download')}
        </Button>
      )}
    </div>
  );
}
