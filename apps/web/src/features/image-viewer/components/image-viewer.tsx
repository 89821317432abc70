import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowLeftIcon, CloseIcon, ZoomInIcon, ZoomOutIcon } from '../../../components/ui/icons';
import {
  clampView,
  DOUBLE_TAP_SCALE,
  FIT,
  isZoomed,
  panBy,
  zoomAt,
  ZOOM_STEP,
  type Point,
  type View,
} from '../lib/view-transform';

export type ViewerImage = { url: string; alt: string };

/** Two taps closer than this in time (ms) and space (px) are a double tap. */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_PX = 30;
/** How far an arrow key moves a zoomed image. */
const ARROW_PAN_PX = 60;

/**
 * An image at full size, over the whole screen: zoom with the wheel, a pinch, a double click or tap,
 * the buttons or + and −; move a zoomed image by dragging or with the arrows (which otherwise go from
 * one variant to the next); Escape closes. On the browser's own modal dialog, so the focus stays in it
 * and goes back to what opened it.
 */
export function ImageViewer({
  images,
  index,
  onIndexChange,
  onClose,
}: {
  images: readonly ViewerImage[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const titleId = useId();
  const [view, setView] = useState<View>(FIT);
  const pointers = useRef(new Map<number, Point>());
  const lastTap = useRef<{ at: number; point: Point } | null>(null);
  const moved = useRef(false);
  const lastPointer = useRef<string>('mouse');
  const image = images[index];

  useEffect(() => {
    dialogRef.current?.showModal();
  }, []);

  const sizes = () => {
    const stage = stageRef.current;
    const img = imageRef.current;
    return {
      stage: { width: stage?.clientWidth ?? 0, height: stage?.clientHeight ?? 0 },
      fitted: { width: img?.offsetWidth ?? 0, height: img?.offsetHeight ?? 0 },
    };
  };
  /** A point of the screen, relative to the stage's centre. */
  const fromCentre = (clientX: number, clientY: number): Point => {
    const box = stageRef.current?.getBoundingClientRect();
    if (!box) return { x: 0, y: 0 };
    return { x: clientX - box.left - box.width / 2, y: clientY - box.top - box.height / 2 };
  };
  const zoom = (factor: number, point: Point = { x: 0, y: 0 }) =>
    setView((current) => {
      const { fitted, stage } = sizes();
      return zoomAt(current, factor, point, fitted, stage);
    });
  const pan = (dx: number, dy: number) =>
    setView((current) => {
      const { fitted, stage } = sizes();
      return panBy(current, dx, dy, fitted, stage);
    });

  // The wheel zooms the image, not the page: the listener must be able to prevent the default.
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      zoom(Math.exp(-event.deltaY / 300), fromCentre(event.clientX, event.clientY));
    };
    stage.addEventListener('wheel', onWheel, { passive: false });
    return () => stage.removeEventListener('wheel', onWheel);
  });
  // A window resized (or a phone turned) changes what fits: the view is kept within the new bounds.
  useEffect(() => {
    const refit = () =>
      setView((current) => {
        const { fitted, stage } = sizes();
        return clampView(current, fitted, stage);
      });
    window.addEventListener('resize', refit);
    return () => window.removeEventListener('resize', refit);
  }, []);

  const go = (step: number) => {
    const next = index + step;
    if (next < 0 || next >= images.length) return;
    // Another variant starts fitted.
    setView(FIT);
    onIndexChange(next);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target instanceof HTMLButtonElement && (event.key === 'Enter' || event.key === ' ')) return;
    const zoomed = isZoomed(view);
    const arrows: Record<string, [number, number]> = {
      ArrowLeft: [ARROW_PAN_PX, 0],
      ArrowRight: [-ARROW_PAN_PX, 0],
      ArrowUp: [0, ARROW_PAN_PX],
      ArrowDown: [0, -ARROW_PAN_PX],
    };
    if (event.key === '+' || event.key === '=') zoom(ZOOM_STEP);
    else if (event.key === '-') zoom(1 / ZOOM_STEP);
    else if (event.key === '0') setView(FIT);
    else if (zoomed && arrows[event.key]) pan(...arrows[event.key]!);
    else if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else return;
    event.preventDefault();
  };

  const onPointerDown = (event: PointerEvent) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    lastPointer.current = event.pointerType;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    moved.current = false;
  };
  const onPointerMove = (event: PointerEvent) => {
    const before = pointers.current.get(event.pointerId);
    if (!before) return;
    const now = { x: event.clientX, y: event.clientY };
    if (Math.hypot(now.x - before.x, now.y - before.y) > 2) moved.current = true;
    if (pointers.current.size === 2) {
      // A pinch: the distance between the fingers scales the image around their middle.
      const [other] = [...pointers.current.entries()].filter(([id]) => id !== event.pointerId);
      const fixed = other![1];
      const spread = Math.hypot(before.x - fixed.x, before.y - fixed.y);
      const nowSpread = Math.hypot(now.x - fixed.x, now.y - fixed.y);
      if (spread > 0) zoom(nowSpread / spread, fromCentre((now.x + fixed.x) / 2, (now.y + fixed.y) / 2));
    } else if (pointers.current.size === 1) {
      pan(now.x - before.x, now.y - before.y);
    }
    pointers.current.set(event.pointerId, now);
  };
  const onPointerUp = (event: PointerEvent) => {
    const wasTap = pointers.current.size === 1 && !moved.current;
    pointers.current.delete(event.pointerId);
    if (!wasTap || event.pointerType === 'mouse') return;
    // A double tap (a mouse has its own double click below) zooms in at the finger, or back to fit.
    const point = fromCentre(event.clientX, event.clientY);
    const previous = lastTap.current;
    const now = event.timeStamp;
    if (
      previous &&
      now - previous.at < DOUBLE_TAP_MS &&
      Math.hypot(point.x - previous.point.x, point.y - previous.point.y) < DOUBLE_TAP_PX
    ) {
      lastTap.current = null;
      toggleZoom(point);
    } else lastTap.current = { at: now, point };
  };
  const toggleZoom = (point: Point) => {
    if (isZoomed(view)) setView(FIT);
    else zoom(DOUBLE_TAP_SCALE, point);
  };

  if (!image) return null;
  const zoomed = isZoomed(view);
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onClose={onClose}
      onKeyDown={onKeyDown}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-ink-900 p-0 text-white backdrop:bg-ink-900"
    >
      <div className="flex h-full flex-col">
        <header className="flex items-center gap-2 px-3 py-2 sm:px-4">
          <h2 id={titleId} className="min-w-0 flex-1 truncate text-sm font-semibold">
            {images.length > 1
              ? t('viewer.titleOf', { index: index + 1, count: images.length })
              : t('viewer.title')}
          </h2>
          <span className="hidden text-xs text-ink-200 tabular-nums sm:inline" aria-live="polite">
            {t('viewer.zoomLevel', { percent: Math.round(view.scale * 100) })}
          </span>
          <ViewerButton label={t('viewer.zoomOut')} onClick={() => zoom(1 / ZOOM_STEP)} disabled={!zoomed}>
            <ZoomOutIcon />
          </ViewerButton>
          <ViewerButton label={t('viewer.zoomIn')} onClick={() => zoom(ZOOM_STEP)}>
            <ZoomInIcon />
          </ViewerButton>
          <ViewerButton label={t('common.close')} onClick={() => dialogRef.current?.close()}>
            <CloseIcon />
          </ViewerButton>
        </header>
        <div
          ref={stageRef}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={(event) => pointers.current.delete(event.pointerId)}
          onDoubleClick={(event) => {
            // A finger's double tap is handled on its own (a phone may also report it as a double click).
            if (lastPointer.current === 'touch') return;
            toggleZoom(fromCentre(event.clientX, event.clientY));
          }}
          className={`relative min-h-0 flex-1 touch-none overflow-hidden select-none ${
            zoomed ? 'cursor-grab active:cursor-grabbing' : 'cursor-zoom-in'
          }`}
        >
          <img
            ref={imageRef}
            key={image.url}
            src={image.url}
            alt={image.alt}
            draggable={false}
            style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
            className="absolute inset-0 m-auto max-h-full max-w-full object-contain"
          />
        </div>
        <footer className="flex items-center justify-center gap-3 px-3 py-2 text-xs text-ink-200">
          {images.length > 1 && (
            <ViewerButton label={t('viewer.previous')} onClick={() => go(-1)} disabled={index === 0}>
              <ArrowLeftIcon />
            </ViewerButton>
          )}
          <p className="text-center">{t('viewer.help')}</p>
          {images.length > 1 && (
            <ViewerButton
              label={t('viewer.next')}
              onClick={() => go(1)}
              disabled={index === images.length - 1}
            >
              <ArrowLeftIcon className="size-5 rotate-180" />
            </ViewerButton>
          )}
        </footer>
      </div>
    </dialog>
  );
}

function ViewerButton({
  label,
  onClick,
  disabled = false,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      disabled={disabled}
      className="grid size-10 shrink-0 place-items-center rounded-lg text-white transition hover:bg-white/15 focus-visible:outline-white disabled:cursor-not-allowed disabled:opacity-40"
    >
      {children}
    </button>
  );
}
