import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { UploadIcon } from '../../../components/ui/icons';
import { useMediaQuery } from '../../../lib/use-media-query';

/** A finger for a pointer: a phone or a tablet, where nothing is dragged in and a camera is at hand. */
const TOUCH_QUERY = '(pointer: coarse)';

/**
 * The drag-and-drop area; a click anywhere on it, or on its button, opens the file dialog. On a touch
 * screen it offers the camera and the photo library instead of drag-and-drop.
 */
export function DropZone({
  onFiles,
  onBrowse,
  invalid,
  disabled,
}: {
  onFiles: (files: FileList) => void;
  onBrowse: (camera?: boolean) => void;
  invalid: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const touch = useMediaQuery(TOUCH_QUERY);
  const [dragging, setDragging] = useState(false);
  // dragenter/dragleave fire for every child crossed: count them to know when the pointer really left.
  const depth = useRef(0);

  function enter(event: DragEvent) {
    event.preventDefault();
    if (disabled) return;
    depth.current += 1;
    setDragging(true);
  }
  function leave(event: DragEvent) {
    event.preventDefault();
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setDragging(false);
  }

  return (
    <div
      onDragEnter={enter}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
      }}
      onDragLeave={leave}
      onDrop={(event) => {
        event.preventDefault();
        depth.current = 0;
        setDragging(false);
        if (!disabled) onFiles(event.dataTransfer.files);
      }}
      onClick={(event) => {
        // The button opens the dialog itself; a click anywhere else on the area does the same.
        if (!disabled && !(event.target as HTMLElement).closest('button')) onBrowse(false);
      }}
      className={`flex aspect-[4/3] cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 text-center transition ${
        dragging
          ? 'border-brand-500 bg-brand-50'
          : invalid
            ? 'border-red-300 bg-red-50/40 hover:border-red-400'
            : 'border-ink-200 bg-ink-50/60 hover:border-brand-400 hover:bg-brand-50/40'
      }`}
    >
      <span
        aria-hidden="true"
        className={`grid size-11 place-items-center rounded-full ${dragging ? 'bg-brand-600 text-white' : 'bg-white text-brand-600 shadow-sm ring-1 ring-ink-100'}`}
      >
        <UploadIcon />
      </span>
      <p aria-hidden="true" className="text-sm font-medium text-ink-800">
        {t(dragging ? 'imagePicker.dropActive' : touch ? 'imagePicker.touchTitle' : 'imagePicker.dropTitle')}
      </p>
      {touch ? (
        <div className="flex flex-wrap justify-center gap-2">
          <Button variant="secondary" size="sm" onClick={() => onBrowse(true)} disabled={disabled}>
            {t('imagePicker.takePhoto')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onBrowse(false)}
            disabled={disabled}
            data-picker-start
          >
            {t('imagePicker.choose')}
          </Button>
        </div>
      ) : (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onBrowse()}
          disabled={disabled}
          data-picker-start
        >
          {t('imagePicker.browse')}
        </Button>
      )}
      <p className="text-xs text-ink-400">{t('imagePicker.dropHint')}</p>
    </div>
  );
}
