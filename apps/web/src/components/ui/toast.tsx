/**
 * Toasts: short notices, 'destructive' for errors (spec's 'Erreur' notices). They leave by themselves
 * after a few seconds or when closed. A toast of a group (e.g. 'upload') replaces the group's previous
 * one; on a phone only the newest shows, so notices never pile up over the page. Where they show is
 * the page's choice (NoticePlacement): the dashboard puts them where they hide no control (decision 038).
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../lib/use-media-query';
import { CloseIcon } from './icons';

export type Toast = {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** Toasts of one group replace each other. */
  group?: string;
  /** The modal open when it was raised, if any: it shows there, over it. */
  modal?: HTMLElement | null;
};
type ToastApi = { toast(toast: Omit<Toast, 'id' | 'modal'>): void };

/**
 * corner: the public pages' (under the header on a phone, else the bottom right corner). sidebar: the
 * empty foot of the dashboard's open sidebar, as wide as it. header: inside the dashboard's header, in
 * a row of its own that pushes the page down rather than lying over it.
 */
export type NoticePlacement = 'corner' | 'sidebar' | 'header';
type Placement = { placement: NoticePlacement; slot: HTMLElement | null };
const CORNER: Placement = { placement: 'corner', slot: null };

const ToastContext = createContext<ToastApi | null>(null);
const PlacementContext = createContext<(placement: Placement) => void>(() => {});
const TOAST_MS = 5000;
/** How many show at once on a larger screen. */
const MAX_SHOWN = 3;
/** Below this width (Tailwind's sm) a toast covers much of the page: one at a time. */
export const PHONE_QUERY = '(max-width: 639px)';

/**
 * The open modal dialog on top, if any. A modal sits in the browser's top layer, above anything the
 * page positions, and hides the page under its backdrop: notices raised while it is open (a logo
 * refused in the image editor) are shown inside it, or they would be behind it.
 */
function topModal(): HTMLElement | null {
  const open = Array.from(document.querySelectorAll<HTMLDialogElement>('dialog[open]'));
  return open.filter(isModal).at(-1) ?? null;
}

function isModal(dialog: HTMLDialogElement): boolean {
  try {
    return dialog.matches(':modal');
  } catch {
    return true; // a browser without :modal: every dialog here is opened with showModal()
  }
}

/**
 * The top modal, followed as dialogs open and close, so that the notices' live region is in place
 * before a notice comes (a region created with its text already in it may not be read out).
 */
function useNoticeHost(): HTMLElement | null {
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const follow = () => setHost(topModal());
    follow();
    const observer = new MutationObserver(follow);
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['open'],
    });
    return () => observer.disconnect();
  }, []);
  return host;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const phone = useMediaQuery(PHONE_QUERY);
  const [{ placement, slot }, setPlacement] = useState<Placement>(CORNER);

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((all) => all.filter((x) => x.id !== id));
  }, []);

  const toast = useCallback(
    (next: Omit<Toast, 'id' | 'modal'>) => {
      const id = Date.now() + Math.random();
      const modal = topModal();
      setToasts((all) => [
        ...all.filter((x) => !next.group || x.group !== next.group).slice(-(MAX_SHOWN - 1)),
        { ...next, id, modal },
      ]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), TOAST_MS),
      );
    },
    [dismiss],
  );
  const api = useMemo(() => ({ toast }), [toast]);
  const shown = phone ? toasts.slice(-1) : toasts;
  const host = useNoticeHost();

  // A notice raised while a modal is open shows in it, over it; one from before stays with the page.
  const inModal = host ? shown.filter((item) => item.modal === host) : [];
  const onPage = shown.filter((item) => !inModal.includes(item));
  const region = (items: Toast[], where: NoticePlacement) => (
    <Region items={items} placement={where} onDismiss={dismiss} closeLabel={t('common.closeNotice')} />
  );

  return (
    <ToastContext.Provider value={api}>
      <PlacementContext.Provider value={setPlacement}>{children}</PlacementContext.Provider>
      {placement === 'header' && slot
        ? createPortal(region(onPage, 'header'), slot)
        : region(onPage, placement === 'header' ? 'corner' : placement)}
      {host && createPortal(region(inModal, 'corner'), host)}
    </ToastContext.Provider>
  );
}

const PLACEMENTS: Record<NoticePlacement, string> = {
  corner:
    'fixed inset-x-3 top-[4.5rem] sm:inset-x-auto sm:top-auto sm:right-4 sm:bottom-[calc(1rem+var(--cookie-banner-height,0px))] sm:w-full sm:max-w-sm',
  sidebar: 'fixed bottom-4 left-3 w-60',
  // In the header's flow: no room taken while empty.
  header: 'px-3 sm:ml-auto sm:max-w-md sm:px-4 [&>*]:mb-2',
};

/**
 * Where notices show. The corner: on a phone under the header's first row, so its menu and sign-out
 * stay in reach; above, in the bottom corner, over the cookie banner if it is up (it sets
 * --cookie-banner-height) so as not to hide its buttons. The dashboard's places: see NoticePlacement.
 */
function Region({
  items,
  placement,
  onDismiss,
  closeLabel,
}: {
  items: Toast[];
  placement: NoticePlacement;
  onDismiss: (id: number) => void;
  closeLabel: string;
}) {
  return (
    <div
      data-placement={placement}
      className={`pointer-events-none z-50 flex flex-col gap-2 ${PLACEMENTS[placement]}`}
      aria-live="polite"
    >
      {items.map((item) => (
        <div
          key={item.id}
          role={item.variant === 'destructive' ? 'alert' : 'status'}
          className={`pointer-events-auto flex items-start gap-2 rounded-xl py-3 pr-2 pl-4 shadow-lg ring-1 ${
            item.variant === 'destructive'
              ? 'bg-red-700 text-white ring-red-800'
              : 'bg-white text-ink-900 ring-ink-100'
          }`}
        >
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{item.title}</p>
            {item.description && (
              <p className="mt-0.5 text-sm [overflow-wrap:anywhere]">{item.description}</p>
            )}
          </div>
          <button
            type="button"
            onClick={() => onDismiss(item.id)}
            aria-label={closeLabel}
            className={`-my-1 grid size-8 shrink-0 place-items-center rounded-lg transition ${
              item.variant === 'destructive' ? 'hover:bg-red-800' : 'text-ink-600 hover:bg-ink-100'
            }`}
          >
            <CloseIcon className="size-4" />
          </button>
        </div>
      ))}
    </div>
  );
}

/**
 * While the calling component is shown, notices show at `placement` (for 'header', in `slot`); then
 * back in the corner.
 */
export function useNoticePlacement(placement: NoticePlacement, slot: HTMLElement | null = null): void {
  const place = useContext(PlacementContext);
  useEffect(() => {
    place({ placement, slot });
    return () => place(CORNER);
  }, [place, placement, slot]);
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast outside ToastProvider');
  return api;
}
