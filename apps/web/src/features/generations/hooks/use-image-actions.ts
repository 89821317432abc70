/** Download and share of a generated image (spec section 7, Other). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast';
import { saveBlob } from '../../../lib/save-blob';
import { absoluteUrl, DOWNLOAD_FILE_NAME } from '../../../lib/result-images';
import { imageBlob, prefetchImage, readyBlob } from '../lib/image-blob';

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

const aborted = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** Whether this browser can hand a file to the system's share sheet (phones, mostly). */
export const canShareFiles = () =>
  typeof navigator.share === 'function' && typeof navigator.canShare === 'function';

export function useImageActions() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const [downloading, setDownloading] = useState(false);

  /** Saves the image as "promotional image.jpg" (fetched first so the name holds in every browser). */
  async function download(url: string) {
    setDownloading(true);
    try {
      saveBlob(await imageBlob(url), DOWNLOAD_FILE_NAME);
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

  /**
   * The picture itself to the system's share sheet where the browser can share files (Instagram and
   * WhatsApp want the image, not a link), named in the page's language, when its bytes are already
   * here (fetched as the image showed: the sheet opens only while the tap still counts); otherwise the
   * link, by the share sheet or the clipboard, while the bytes keep coming for the next tap.
   */
  async function share(url: string) {
    const blob = canShareFiles() ? readyBlob(url) : undefined;
    if (canShareFiles() && !blob) prefetchImage(url);
    const file = blob && new File([blob], t('result.shareFileName'), { type: blob.type || 'image/jpeg' });
    if (file && navigator.canShare({ files: [file] })) {
      try {
        await navigator.share({ files: [file], title: t('result.shareTitle') });
        return;
      } catch (error) {
        if (aborted(error)) return;
        // Refused (no target takes files, not allowed now): the link is shared instead.
      }
    }
    const link = absoluteUrl(url, window.location.origin);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: t('result.shareTitle'), url: link });
        return;
      } catch (error) {
        if (aborted(error)) return;
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
