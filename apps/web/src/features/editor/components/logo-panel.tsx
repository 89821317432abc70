/**
 * Spec section 2, image editor left panel with the logo layer: upload through the upload API with role
 * 'logo' (the shared file rules first, the spec's upload messages after), the last logo offered again,
 * and the size slider (5-80 %, 20 by default).
 */
import { useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EDITOR_LIMITS, type LogoLayer } from '@vitrine/shared/api/editor';
import { Button } from '../../../components/ui/button';
import { buttonClasses } from '../../../components/ui/button-styles';
import { RefreshIcon, TrashIcon, UploadIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { messageText } from '../../../lib/message-line';
import { ACCEPTED_TYPES, pickFile } from '../../image-picker/lib/picked-file';
import { uploadFailure } from '../../image-picker/lib/upload-errors';
import { lastLogoQueryKey, logoFileUrl, uploadLogo, useLastLogo } from '../api/logo-uploads';
import type { EditorAction } from '../model/reducer';
import { RangeField } from './range-field';

export function LogoPanel({
  logo,
  dispatch,
  onBusyChange,
}: {
  logo: LogoLayer | null;
  dispatch: (action: EditorAction) => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const client = useQueryClient();
  const lastLogo = useLastLogo();
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const helpId = useId();

  async function onFiles(files: FileList | null) {
    const picked = pickFile(files ? Array.from(files) : null);
    if (input.current) input.current.value = '';
    if (!picked) return;
    if ('error' in picked) {
      toast({
        variant: 'destructive',
        title: t('imagePicker.invalidFile'),
        description: t(picked.error),
        group: 'upload',
      });
      return;
    }
    setUploading(true);
    onBusyChange(true);
    try {
      const stored = await uploadLogo(picked.file);
      dispatch({ type: 'setLogo', uploadId: stored.id });
      void client.invalidateQueries({ queryKey: lastLogoQueryKey });
      toast({
        title: t('imagePicker.success'),
        description: t('imagePicker.successDescription'),
        group: 'upload',
      });
    } catch (error) {
      const failure = uploadFailure(error);
      toast({
        variant: 'destructive',
        title: t(failure.title),
        description: messageText(t, failure.description),
        group: 'upload',
      });
    } finally {
      setUploading(false);
      onBusyChange(false);
    }
  }

  const last = lastLogo.data ?? null;
  const offerLast = last !== null && last.id !== logo?.uploadId;

  return (
    <section aria-labelledby="editor-logo-title" className="flex flex-col gap-4 p-4">
      <h3 id="editor-logo-title" className="text-sm font-semibold text-ink-900">
        {t('editor.logo.title')}
      </h3>
      {logo && (
        <div className="grid place-items-center rounded-xl bg-[repeating-conic-gradient(#eef0f6_0_25%,#fff_0_50%)] bg-[length:16px_16px] p-3 ring-1 ring-ink-100">
          <img
            src={logoFileUrl(logo.uploadId)}
            alt={t('editor.logo.current')}
            className="max-h-24 object-contain"
          />
        </div>
      )}
      <div>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={ACCEPTED_TYPES}
          className="peer sr-only"
          aria-describedby={helpId}
          disabled={uploading}
          onChange={(event) => void onFiles(event.target.files)}
        />
        <label
          htmlFor={inputId}
          className={buttonClasses(
            logo ? 'secondary' : 'primary',
            'sm',
            'w-full cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
          )}
        >
          {uploading ? (
            <Spinner />
          ) : logo ? (
            <RefreshIcon className="size-4" />
          ) : (
            <UploadIcon className="size-4" />
          )}
          {t(uploading ? 'editor.logo.uploading' : logo ? 'editor.logo.replace' : 'editor.logo.upload')}
        </label>
        <p id={helpId} className="mt-1.5 text-xs text-ink-600">
          {t('editor.logo.help')}
        </p>
      </div>
      {offerLast && (
        <button
          type="button"
          onClick={() => dispatch({ type: 'setLogo', uploadId: last.id })}
          className="flex items-center gap-3 rounded-xl p-2 text-left text-sm font-medium text-ink-800 ring-1 ring-ink-200 transition hover:ring-brand-500 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <img
            src={last.thumbnailUrl}
            alt={t('editor.logo.lastAlt')}
            className="size-10 rounded-lg bg-ink-50 object-contain"
          />
          {t('editor.logo.last')}
        </button>
      )}
      {logo && (
        <>
          <RangeField
            label={t('editor.logo.size')}
            valueText={t('editor.logo.sizeValue', { size: Math.round(logo.size) })}
            value={logo.size}
            min={EDITOR_LIMITS.logoSize.min}
            max={EDITOR_LIMITS.logoSize.max}
            step={1}
            onChange={(size) => dispatch({ type: 'setLogoSize', size })}
          />
          <Button
            variant="ghost"
            size="sm"
            onClick={() => dispatch({ type: 'removeLogo' })}
            className="self-start text-red-700"
          >
            <TrashIcon className="size-4" />
            {t('editor.logo.remove')}
          </Button>
        </>
      )}
    </section>
  );
}
