import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { CloseIcon } from './icons';

/**
 * A modal on the browser's own <dialog>: focus moves in and is kept there, Escape and a click on the
 * backdrop close it, and focus returns to what opened it. Its height is capped as its content's is: the
 * browser's own cap for a dialog is a few pixels lower and would clip the content's last line.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  size = 'lg',
  flush = false,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  size?: 'lg' | 'xl' | 'full';
  /** The content brings its own padding. */
  flush?: boolean;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-1.5rem)] overflow-hidden rounded-2xl bg-white p-0 text-ink-900 shadow-2xl backdrop:bg-ink-900/60 backdrop:backdrop-blur-sm ${
        size === 'full' ? 'max-w-7xl' : size === 'xl' ? 'max-w-5xl' : 'max-w-3xl'
      }`}
    >
      {open && (
        <div className="flex max-h-[calc(100dvh-2rem)] flex-col">
          <header className="flex items-center justify-between gap-4 border-b border-ink-100 px-5 py-3.5">
            <h2 id={titleId} className="truncate text-base font-semibold">
              {title}
            </h2>
            <Button variant="ghost" size="icon" onClick={onClose} aria-label={t('common.close')}>
              <CloseIcon />
            </Button>
          </header>
          <div className={`overflow-y-auto ${flush ? '' : 'p-4 sm:p-6'}`}>{children}</div>
        </div>
      )}
    </dialog>
  );
}
