/** Download and share of a generated image (spec section 7, Other). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast';
import { saveBlob } from '../../../lib/save-blob';
import { absoluteUrl, DOWNLOAD_FILE_NAME } from '../lib/result-images';

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  // Plain-http deployments have no Clipboard API: the older copy command still works there.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy refused');
}

export function useImageActions() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const [downloading, setDownloading] = useState(false);

  /** Saves the image as "promotional image.jpg" (fetched first so the name holds in every browser). */
  async function download(url: string) {
    setDownloading(true);
    try {
      const response = await fetch(url, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      saveBlob(await response.blob(), DOWNLOAD_FILE_NAME);
    } catch {
      toast({
        variant: 'destructive',
        title: t('result.downloadFailed'),
        description: t('common.genericError'),
      });
    } finally {
      setDownloading(false);
    }
  }

  /** The system share sheet when there is one; otherwise the link goes to the clipboard. */
  async function share(url: string) {
    const link = absoluteUrl(url, window.location.origin);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: t('result.shareTitle'), url: link });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        // Sharing refused (no target, not allowed): fall back to copying the link.
      }
    }
    try {
      await copyText(link);
      toast({ title: t('result.linkCopied'), description: t('result.linkCopiedDescription') });
    } catch {
      toast({ variant: 'destructive', title: t('result.shareFailed'), description: link });
    }
  }

  return { download, downloading, share };
}
