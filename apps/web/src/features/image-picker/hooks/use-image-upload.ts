/**
 * One image slot's upload (spec section 4, upload state: idle, uploading, success or failure): a file
 * sent as it is, or an address imported by the server, with the spec's toasts.
 */
import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UploadRole } from '@vitrine/shared/api/uploads';
import { useToast } from '../../../components/ui/toast';
import { messageText } from '../../../lib/message-line';
import { recentUploadsQueryKey } from '../api/recent-uploads';
import { importFromUrl, uploadFile, uploadFileUrl, type StoredUpload } from '../api/upload-image';
import type { PickedImage } from '../../../lib/picked-image';
import { uploadFailure } from '../lib/upload-errors';

export type UploadPhase =
  | { kind: 'idle' }
  | { kind: 'uploading'; name: string; preview: string | null }
  | { kind: 'failed'; message: string };

export function useImageUpload(
  onDone: (image: PickedImage) => void,
  onBusyChange?: (busy: boolean) => void,
  role?: UploadRole,
) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const client = useQueryClient();
  const [phase, setPhase] = useState<UploadPhase>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);

  async function run(
    name: string,
    preview: string | null,
    send: (signal: AbortSignal) => Promise<StoredUpload>,
  ) {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setPhase({ kind: 'uploading', name, preview });
    onBusyChange?.(true);
    try {
      const stored = await send(current.signal);
      if (current.signal.aborted) {
        if (preview) URL.revokeObjectURL(preview);
        return;
      }
      onDone({ uploadId: stored.id, previewUrl: preview ?? uploadFileUrl(stored.id), name });
      setPhase({ kind: 'idle' });
      if (role) void client.invalidateQueries({ queryKey: recentUploadsQueryKey(role) });
      // One upload notice at a time: the next upload's replaces it rather than piling up.
      toast({
        title: t('imagePicker.success'),
        description: t('imagePicker.successDescription'),
        group: 'upload',
      });
    } catch (error) {
      if (preview) URL.revokeObjectURL(preview);
      if (current.signal.aborted) return;
      const failure = uploadFailure(error);
      const message = messageText(t, failure.description);
      setPhase({ kind: 'failed', message });
      toast({ variant: 'destructive', title: t(failure.title), description: message, group: 'upload' });
    } finally {
      if (controller.current === current) {
        controller.current = null;
        onBusyChange?.(false);
      }
    }
  }

  return {
    phase,
    /** Sends a file already checked with the shared rules; its preview is the local file. */
    uploadFile: (file: File) =>
      run(file.name, URL.createObjectURL(file), (signal) => uploadFile(file, role, signal)),
    /** Asks the server to fetch a checked address; the preview is the stored copy. */
    importUrl: (url: URL) => run(url.hostname, null, (signal) => importFromUrl(url.toString(), role, signal)),
    /** Stops an upload in flight and forgets a failure. */
    reset: () => {
      const inFlight = controller.current;
      controller.current = null;
      inFlight?.abort();
      if (inFlight) onBusyChange?.(false);
      setPhase({ kind: 'idle' });
    },
    /** A refusal found in the browser, before anything was sent. */
    refuse: (message: string) => setPhase({ kind: 'failed', message }),
  };
}
