import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CutoutUpdate } from '@vitrine/shared/api/cutout';
import { Button } from '../../../components/ui/button';
import { AlertIcon, CheckIcon, InfoIcon, PencilIcon, RefreshIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import type { PickedImage } from '../../../lib/picked-image';
import { useCutout, useUpdateCutout } from '../api/cutout';
import { drawOnContext, loadImage, trimmed } from '../lib/canvas';
import type { Corrections } from '../lib/corrections';
import { HINT_NAMES, hintOf, statusOf } from '../lib/status';
import { CutoutEditor } from './cutout-editor';

type Preview = 'checker' | 'context';

/**
 * The product's cut-out on the Fusion page, as soon as the photo is uploaded: on a checkerboard or on
 * the user's background, what the engine decided, and the ways to change it:
 * correct it, use the whole photo, or take an unsure cut-out anyway. A user who does nothing gets the
 * automatic result. `backdrop` is what the cut-out can be previewed on: the context image uploaded or
 * the ready-made scene chosen.
 */
export function CutoutPanel({
  product,
  backdrop,
}: {
  product: PickedImage;
  backdrop: { previewUrl: string } | null;
}) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const headingId = useId();
  const cutout = useCutout(product.uploadId);
  const update = useUpdateCutout(product.uploadId);
  const [preview, setPreview] = useState<Preview>('checker');
  const [editing, setEditing] = useState(false);
  // Corrections drawn and not applied when the editor was closed (×, Escape, a click beside it): they
  // are there again when it reopens on the same photo.
  const [draft, setDraft] = useState<{ uploadId: string; corrections: Corrections } | null>(null);
  // What the cut-out was before "use the whole photo" (accepted, corrected, or still to be checked), for
  // "back to the cut-out" to return to it.
  const [beforeWhole, setBeforeWhole] = useState<{ uploadId: string; choice: 'cutout' | 'auto' } | null>(
    null,
  );
  const view = cutout.data;
  const shownPreview: Preview = preview === 'context' && backdrop ? 'context' : 'checker';

  function choose(choice: 'whole' | 'cutout' | 'auto') {
    update.mutate({ choice } as CutoutUpdate, {
      onError: (error) =>
        toast({ variant: 'destructive', title: t('common.error'), description: error.message }),
    });
  }

  const status = view ? statusOf(view) : null;
  const hint = view ? hintOf(view) : null;
  const framed = Boolean(view?.framed);
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-ink-100 bg-ink-50/60 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={headingId} className="text-sm font-semibold text-ink-900">
          {t('cutoutEditor.title')}
        </h3>
        {view && !framed && (
          <div
            role="group"
            aria-label={t('cutoutEditor.previewLabel')}
            className="flex rounded-lg bg-white p-0.5 ring-1 ring-ink-200"
          >
            {(['checker', 'context'] as const).map((mode) => (
              <button
                key={mode}
                type="button"
                aria-pressed={shownPreview === mode}
                disabled={mode === 'context' && !backdrop}
                title={mode === 'context' && !backdrop ? t('cutoutEditor.contextMissing') : undefined}
                onClick={() => setPreview(mode)}
                className={`rounded-md px-2.5 py-1 text-xs font-semibold transition disabled:cursor-not-allowed disabled:opacity-50 ${
                  shownPreview === mode ? 'bg-brand-600 text-white' : 'text-ink-600 hover:text-ink-900'
                }`}
              >
                {t(mode === 'checker' ? 'cutoutEditor.onChecker' : 'cutoutEditor.onContext')}
              </button>
            ))}
          </div>
        )}
      </div>

      <div className="mt-3 grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] sm:items-start">
        <div
          className="relative grid aspect-[4/3] place-items-center overflow-hidden rounded-lg bg-[repeating-conic-gradient(var(--color-ink-100)_0_25%,white_0_50%)] bg-[length:16px_16px] ring-1 ring-ink-100"
          aria-busy={cutout.isPending || update.isPending}
        >
          {cutout.isPending && (
            <p
              role="status"
              className="flex items-center gap-2 rounded-full bg-white/90 px-3 py-1.5 text-sm text-ink-700 shadow-sm"
            >
              <Spinner /> {t('cutoutEditor.computing')}
            </p>
          )}
          {cutout.isError && (
            <div
              role="alert"
              className="flex flex-col items-center gap-2 p-4 text-center text-sm text-red-700"
            >
              <AlertIcon />
              <span>{cutout.error.message}</span>
              <Button variant="secondary" size="sm" onClick={() => void cutout.refetch()}>
                <RefreshIcon /> {t('imagePicker.retry')}
              </Button>
            </div>
          )}
          {view && (framed || !view.previewUrl) && (
            <img
              src={product.previewUrl}
              alt={t('cutoutEditor.wholeAlt', { name: product.name })}
              className="absolute inset-0 size-full object-contain"
            />
          )}
          {view && !framed && view.previewUrl && shownPreview === 'checker' && (
            <img
              src={view.previewUrl}
              alt={t('cutoutEditor.previewAlt', { name: product.name })}
              className="absolute inset-0 size-full object-contain"
            />
          )}
          {view && !framed && view.previewUrl && shownPreview === 'context' && backdrop && (
            <OnContext
              previewUrl={view.previewUrl}
              contextUrl={backdrop.previewUrl}
              label={t('cutoutEditor.onContextAlt', { name: product.name })}
            />
          )}
          {update.isPending && (
            <span className="absolute inset-x-0 bottom-0 flex items-center justify-center gap-2 bg-white/85 py-1.5 text-xs text-ink-700">
              <Spinner className="size-3" /> {t('cutoutEditor.applying')}
            </span>
          )}
        </div>

        <div className="flex flex-col gap-3">
          {view && status && (
            <p
              role="status"
              className={`flex items-start gap-2 rounded-lg px-3 py-2 text-sm ${
                status.tone === 'warning'
                  ? 'bg-amber-50 text-amber-900 ring-1 ring-amber-200'
                  : status.tone === 'info'
                    ? 'bg-white text-ink-700 ring-1 ring-ink-200'
                    : 'bg-emerald-50 text-emerald-900 ring-1 ring-emerald-200'
              }`}
            >
              <span className="mt-0.5 shrink-0" aria-hidden="true">
                {status.tone === 'warning' ? (
                  <AlertIcon />
                ) : status.tone === 'info' ? (
                  <InfoIcon />
                ) : (
                  <CheckIcon />
                )}
              </span>
              {/* No confidence figure: the engine's score reads like a promise it cannot keep (a window
                  taken for the product can score 90 %). It stays in each image's metadata. */}
              <span>{t(status.key)}</span>
            </p>
          )}
          {view && (
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setEditing(true)}
                disabled={update.isPending}
              >
                <PencilIcon /> {t('cutoutEditor.correct')}
              </Button>
              {framed && view.choice === 'auto' && view.reason !== 'no-product-found' && view.maskUrl && (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => choose('cutout')}
                  busy={update.isPending}
                >
                  {t('cutoutEditor.useAnyway')}
                </Button>
              )}
              {view.choice === 'whole' ? (
                <Button
                  variant="ghost"
                  size="sm"
                  // Back to what it was: accepted or corrected, or the automatic result still unchecked.
                  onClick={() =>
                    choose(
                      beforeWhole?.uploadId === product.uploadId
                        ? beforeWhole.choice
                        : view.corrections
                          ? 'cutout'
                          : 'auto',
                    )
                  }
                  busy={update.isPending}
                >
                  {t('cutoutEditor.backToCutout')}
                </Button>
              ) : (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    setBeforeWhole({
                      uploadId: product.uploadId,
                      choice: view.choice === 'cutout' ? 'cutout' : 'auto',
                    });
                    choose('whole');
                  }}
                  busy={update.isPending}
                >
                  {t('cutoutEditor.useWhole')}
                </Button>
              )}
            </div>
          )}
          {/* Untouched, the automatic cut-out is what generations use: the user is asked to look. */}
          {hint?.tone === 'quiet' && <p className="text-xs text-ink-500">{t(hint.key)}</p>}
          {hint?.tone === 'warning' && (
            <p
              className="flex items-start gap-2 text-xs text-amber-900"
              data-cutout-hint={HINT_NAMES[hint.key]}
            >
              <span className="mt-px shrink-0" aria-hidden="true">
                <AlertIcon />
              </span>
              <span>{t(hint.key, { count: view?.pieces ?? 0 })}</span>
            </p>
          )}
        </div>
      </div>

      {editing && view && (
        <CutoutEditor
          uploadId={product.uploadId}
          photoUrl={product.previewUrl}
          view={view}
          draft={draft?.uploadId === product.uploadId ? draft.corrections : null}
          onClose={(unapplied) => {
            setDraft(unapplied && { uploadId: product.uploadId, corrections: unapplied });
            setEditing(false);
          }}
        />
      )}
    </section>
  );
}

/** The cut-out standing on the user's background, drawn into a canvas. */
function OnContext({
  previewUrl,
  contextUrl,
  label,
}: {
  previewUrl: string;
  contextUrl: string;
  label: string;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let cancelled = false;
    void Promise.all([loadImage(previewUrl), loadImage(contextUrl)]).then(([cut, background]) => {
      const canvas = ref.current;
      const product = trimmed(cut);
      if (cancelled || !canvas || !product) return;
      drawOnContext(canvas, background, product);
    });
    return () => {
      cancelled = true;
    };
  }, [previewUrl, contextUrl]);
  return (
    <canvas
      ref={ref}
      width={800}
      height={600}
      role="img"
      aria-label={label}
      className="size-full object-cover"
    />
  );
}
