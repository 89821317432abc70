import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadRole } from '@vitrine/shared/api/uploads';
import { Button } from '../../../components/ui/button';
import { FieldLabel } from '../../../components/ui/field-label';
import { AlertIcon, ImageIcon, LinkIcon, UploadIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { useImageUpload } from '../hooks/use-image-upload';
import type { PickedImage } from '../../../lib/picked-image';
import { ACCEPTED_TYPES, pickFile } from '../lib/picked-file';
import { DropZone } from './drop-zone';
import { PickedImageCard } from './picked-image-card';
import { RecentUploads } from './recent-uploads';
import { SceneGrid, type SceneChoice } from './scene-grid';
import { UrlImportForm } from './url-import-form';

type Source = 'file' | 'url' | 'scenes';

const SOURCE_ICONS = { file: UploadIcon, url: LinkIcon, scenes: ImageIcon } as const;
const SOURCE_LABELS = {
  file: 'imagePicker.tabFile',
  url: 'imagePicker.tabUrl',
  scenes: 'imagePicker.tabScenes',
} as const;

/**
 * One required image (spec section 2, Fusion page): a file by click or drag-and-drop, a web address,
 * or one of the user's recent uploads of the same role; a preview once stored, to replace or remove.
 * Files are checked in the browser first with the shared rules; the server checks again. With
 * `scenes` (the context image), a third source, "Nos décors / Our scenes", offers the ready-made
 * scenes: one chosen stands in for the image until it is removed or an image is picked.
 */
export function ImagePicker({
  role,
  label,
  help,
  value,
  onChange,
  onBusyChange,
  missing = false,
  notice = null,
  disabled = false,
  optional = false,
  scenes,
}: {
  role: UploadRole;
  label: string;
  help: string;
  value: PickedImage | null;
  onChange: (image: PickedImage | null) => void;
  onBusyChange?: (busy: boolean) => void;
  /** The user tried to generate without this image. */
  missing?: boolean;
  /** Why the image is asked for again (e.g. the one of a generation to redo was deleted). */
  notice?: string | null;
  disabled?: boolean;
  /** The image may be left out (the brand kit's logo): no required mark. */
  optional?: boolean;
  scenes?: SceneChoice;
}) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const labelId = useId();
  const statusId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<Source>(scenes?.chosen ? 'scenes' : 'file');
  // A scene chosen from elsewhere ("generate again") shows where it was chosen.
  const chosenScene = scenes?.chosen ?? null;
  const [shownScene, setShownScene] = useState(chosenScene);
  if (chosenScene !== shownScene) {
    setShownScene(chosenScene);
    if (chosenScene) setSource('scenes');
  }
  const [urlText, setUrlText] = useState('');
  const [brokenPreview, setBrokenPreview] = useState<string | null>(null);
  const upload = useImageUpload(
    (image) => {
      setUrlText('');
      onChange(image);
    },
    onBusyChange,
    role,
  );
  const { phase } = upload;

  // A local preview (object URL) is released once the image it shows is replaced, removed or cleared.
  const previewUrl = value?.previewUrl;
  useEffect(
    () => () => {
      if (previewUrl?.startsWith('blob:')) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  // Choosing, removing or replacing a file swaps the control that had the keyboard for another (the
  // upload's Cancel, then Replace, or the empty picker's button). The keyboard follows to the new one
  // instead of falling back to the top of the page.
  const groupRef = useRef<HTMLDivElement>(null);
  const followFocus = useRef(false);
  const holdsFocus = () => groupRef.current?.contains(document.activeElement) ?? false;
  useEffect(() => {
    if (!followFocus.current) return;
    if (phase.kind !== 'uploading') followFocus.current = false;
    if (document.activeElement && document.activeElement !== document.body) return;
    groupRef.current?.querySelector<HTMLElement>('[data-picker-focus], [data-picker-start]')?.focus();
  }, [phase.kind, value]);

  function take(files: FileList | File[] | null) {
    followFocus.current = holdsFocus();
    const picked = pickFile(files);
    if (!picked) return;
    if ('error' in picked) {
      const message = t(picked.error);
      upload.refuse(message);
      toast({ variant: 'destructive', title: t('imagePicker.invalidFile'), description: message });
      return;
    }
    void upload.uploadFile(picked.file);
  }

  /** `camera`: a phone opens its camera rather than its photo library. */
  function openFileDialog(camera = false) {
    const input = inputRef.current;
    if (!input) return;
    if (camera) input.setAttribute('capture', 'environment');
    else input.removeAttribute('capture');
    input.click();
  }

  function remove() {
    followFocus.current = holdsFocus();
    upload.reset();
    onChange(null);
  }

  const failed = phase.kind === 'failed' ? phase.message : null;
  const note =
    failed ??
    (!value && !chosenScene && phase.kind === 'idle'
      ? (notice ?? (missing ? t('imagePicker.requiredMissing') : null))
      : null);

  return (
    <div
      ref={groupRef}
      role="group"
      aria-labelledby={labelId}
      aria-describedby={note ? statusId : undefined}
      data-image-role={role}
      className="min-w-0"
    >
      <FieldLabel id={labelId} label={label} required={!optional} optional={optional} help={help} />
      <input
        ref={inputRef}
        type="file"
        accept={ACCEPTED_TYPES}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        disabled={disabled}
        onChange={(event) => {
          take(event.target.files);
          event.target.value = '';
        }}
      />

      <div className="mt-2">
        {value ? (
          // Keyed: the upload's Cancel is not reused as Remove, which would leave the keyboard on it.
          <PickedImageCard
            key="ready"
            image={value}
            label={label}
            broken={brokenPreview === value.previewUrl}
            onBroken={() => setBrokenPreview(value.previewUrl)}
            onReplace={() => {
              setSource('file');
              openFileDialog();
            }}
            onRemove={remove}
            disabled={disabled}
          />
        ) : phase.kind === 'uploading' ? (
          <div
            key="uploading"
            role="status"
            className="relative grid aspect-[4/3] place-items-center overflow-hidden rounded-xl bg-ink-50 ring-1 ring-ink-200"
          >
            {phase.preview && (
              <img
                src={phase.preview}
                alt=""
                className="absolute inset-0 size-full object-contain opacity-30 blur-[1px]"
              />
            )}
            <div className="relative flex flex-col items-center gap-3 px-4 text-center">
              <Spinner className="size-7 text-brand-600" />
              <p className="max-w-full truncate text-sm font-medium text-ink-800">
                {t('imagePicker.uploadingFile', { name: phase.name })}
              </p>
              <Button variant="secondary" size="sm" onClick={remove} data-picker-focus>
                {t('generate.cancel')}
              </Button>
            </div>
          </div>
        ) : (
          <div className="flex flex-col gap-2">
            <div
              role="group"
              aria-label={t('imagePicker.sourceLabel', { label })}
              className="inline-flex self-start rounded-lg bg-ink-100 p-0.5"
            >
              {(scenes ? (['file', 'url', 'scenes'] as const) : (['file', 'url'] as const)).map((option) => {
                const Icon = SOURCE_ICONS[option];
                return (
                  <button
                    key={option}
                    type="button"
                    aria-pressed={source === option}
                    onClick={() => {
                      // An error about the other source (a refused file, a refused address) no longer applies.
                      if (option !== source && phase.kind === 'failed') upload.reset();
                      setSource(option);
                    }}
                    className={`inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-xs font-semibold transition ${
                      source === option
                        ? 'bg-white text-ink-900 shadow-sm'
                        : 'text-ink-600 hover:text-ink-900'
                    }`}
                  >
                    <Icon className="size-3.5" />
                    {t(SOURCE_LABELS[option])}
                  </button>
                );
              })}
            </div>
            {source === 'scenes' && scenes ? (
              <SceneGrid label={label} choice={scenes} disabled={disabled} />
            ) : source === 'file' ? (
              <DropZone
                onFiles={take}
                onBrowse={openFileDialog}
                invalid={Boolean(note)}
                disabled={disabled}
              />
            ) : (
              <UrlImportForm
                label={label}
                text={urlText}
                onTextChange={setUrlText}
                onImport={(url) => void upload.importUrl(url)}
                invalid={Boolean(note)}
                disabled={disabled}
              />
            )}
            {source !== 'scenes' && (
              <RecentUploads
                role={role}
                label={label}
                disabled={disabled}
                onChoose={(item) => {
                  upload.reset();
                  onChange({
                    uploadId: item.id,
                    previewUrl: item.fileUrl,
                    name: item.name ?? t('imagePicker.recentUnnamed'),
                  });
                }}
              />
            )}
          </div>
        )}
      </div>

      {note && (
        <p
          id={statusId}
          role={failed ? 'alert' : undefined}
          className="mt-2 flex items-start gap-1.5 text-sm text-red-700"
        >
          <AlertIcon className="mt-0.5 size-4" />
          <span>{note}</span>
        </p>
      )}
    </div>
  );
}
