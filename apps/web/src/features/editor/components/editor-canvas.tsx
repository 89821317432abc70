/**
 * The centre of the editor: the image and its layers on an HTML canvas at the image's own resolution,
 * shown fitted and zoomed. Layers are dragged with a mouse or a finger (pointer events, one move every
 * 60 ms), moved with the arrow keys, removed with Delete.
 */
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { displayToImage, fitDisplay } from '../model/geometry';
import type { EditorAction } from '../model/reducer';
import type { EditorState, Size } from '../model/types';
import { redrawAt, throttleAllows } from '../lib/redraw-timing';
import { hitLayer, layerBoxes, renderScene, type Scene } from '../lib/render';

const PADDING = 16;
const NUDGE = 1;
const NUDGE_LARGE = 10;

export function EditorCanvas({
  state,
  dispatch,
  scene,
  failed,
  onRedrawingChange,
}: {
  state: EditorState;
  dispatch: (action: EditorAction) => void;
  scene: Scene | null;
  failed: boolean;
  onRedrawingChange: (redrawing: boolean) => void;
}) {
  const { t } = useTranslation();
  const helpId = useId();
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [box, setBox] = useState<Size>({ width: 0, height: 0 });

  // The room the image may take: the frame's inner size.
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const observer = new ResizeObserver(() =>
      setBox({ width: element.clientWidth - PADDING * 2, height: element.clientHeight - PADDING * 2 }),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const display = fitDisplay(state.canvas, box, state.zoom);
  useEffect(() => {
    dispatch({ type: 'setDisplay', size: display });
  }, [dispatch, display.width, display.height]); // eslint-disable-line react-hooks/exhaustive-deps

  // Redraw after a change, on the spec's delays; the latest state is drawn when the timer fires.
  const latest = useRef({ scene, state });
  useLayoutEffect(() => {
    latest.current = { scene, state };
  });
  const timing = useRef<{ first: number | null; last: number; timer?: ReturnType<typeof setTimeout> }>({
    first: null,
    last: 0,
  });
  const { document, selectedLayer, selectedTextId, guides, mobile } = state;
  useEffect(() => {
    if (!scene) return;
    const now = performance.now();
    const clock = timing.current;
    clock.first ??= now;
    clock.last = now;
    clearTimeout(clock.timer);
    onRedrawingChange(true);
    clock.timer = setTimeout(
      () => {
        clock.first = null;
        const ctx = canvas.current?.getContext('2d');
        const current = latest.current;
        if (ctx && current.scene) {
          const ratio =
            current.state.display.width > 0
              ? current.scene.image.naturalWidth / current.state.display.width
              : 1;
          renderScene(ctx, current.scene, {
            selectedLayer: current.state.selectedLayer,
            selectedTextId: current.state.selectedTextId,
            guides: current.state.guides,
            pixelRatio: ratio,
          });
        }
        onRedrawingChange(false);
      },
      Math.max(0, redrawAt(clock.first, clock.last, mobile) - now),
    );
  }, [scene, document, selectedLayer, selectedTextId, guides, mobile, display.width, onRedrawingChange]);
  useEffect(() => () => clearTimeout(timing.current.timer), []);

  // Dragging: one move applied every 60 ms at most, the last one always.
  const drag = useRef<{
    pointerId: number;
    lastApplied: number | null;
    pending: { x: number; y: number } | null;
    timer?: ReturnType<typeof setTimeout>;
  } | null>(null);

  function local(event: PointerEvent<HTMLCanvasElement>) {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  }

  function applyMove(x: number, y: number) {
    const current = drag.current;
    if (!current) return;
    current.lastApplied = performance.now();
    current.pending = null;
    dispatch({ type: 'dragMove', x, y });
  }

  function onPointerDown(event: PointerEvent<HTMLCanvasElement>) {
    if (!scene || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    frame.current?.focus({ preventScroll: true });
    event.currentTarget.setPointerCapture(event.pointerId);
    const p = local(event);
    const at = displayToImage(p.x, p.y, state.display, state.canvas);
    // Hit-tested against the document as it is now, even if the last change is not drawn yet.
    const ctx = event.currentTarget.getContext('2d');
    const hit = ctx ? hitLayer(layerBoxes(ctx, scene), at.x, at.y) : null;
    if (hit) dispatch({ type: 'selectLayer', layer: hit });
    else if (state.selectedLayer === 'text') dispatch({ type: 'deselect' });
    dispatch({ type: 'dragStart', x: p.x, y: p.y });
    drag.current = { pointerId: event.pointerId, lastApplied: null, pending: null };
  }

  function onPointerMove(event: PointerEvent<HTMLCanvasElement>) {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const p = local(event);
    const now = performance.now();
    if (throttleAllows(current.lastApplied, now)) {
      clearTimeout(current.timer);
      applyMove(p.x, p.y);
      return;
    }
    current.pending = p;
    clearTimeout(current.timer);
    current.timer = setTimeout(
      () => current.pending && applyMove(current.pending.x, current.pending.y),
      60 - (now - (current.lastApplied ?? now)),
    );
  }

  function onPointerEnd(event: PointerEvent<HTMLCanvasElement>) {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    clearTimeout(current.timer);
    if (current.pending) applyMove(current.pending.x, current.pending.y);
    drag.current = null;
    dispatch({ type: 'dragEnd' });
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.shiftKey ? NUDGE_LARGE : NUDGE;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move && state.selectedLayer !== 'none') {
      event.preventDefault();
      dispatch({ type: 'nudge', dx: move[0], dy: move[1] });
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      dispatch({ type: 'deleteSelected' });
    } else if (event.key === 'Escape' && state.selectedLayer !== 'none') {
      event.preventDefault();
      dispatch({ type: 'deselect' });
    }
  }

  return (
    <div
      ref={frame}
      tabIndex={scene ? 0 : -1}
      role="application"
      aria-label={t('editor.canvasLabel')}
      aria-describedby={helpId}
      onKeyDown={onKeyDown}
      className="relative h-full min-h-0 w-full overflow-auto bg-[repeating-conic-gradient(#eef0f6_0_25%,#f7f8fb_0_50%)] bg-[length:24px_24px] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
    >
      <p id={helpId} className="sr-only">
        {t('editor.canvasHelp')}
      </p>
      {failed ? (
        <div role="alert" className="grid h-full place-items-center p-6 text-center">
          <div className="flex max-w-xs flex-col items-center gap-2">
            <AlertIcon className="size-8 text-red-600" />
            <p className="font-semibold text-ink-900">{t('editor.mainImageFailed')}</p>
            <p className="text-sm text-ink-600">{t('editor.mainImageFailedDescription')}</p>
          </div>
        </div>
      ) : !scene ? (
        <div role="status" className="grid h-full place-items-center gap-2 text-sm text-ink-600">
          <span className="flex items-center gap-2">
            <Spinner className="size-5 text-brand-600" />
            {t('editor.loadingImage')}
          </span>
        </div>
      ) : (
        <div className="grid min-h-full min-w-full place-items-center" style={{ padding: PADDING }}>
          <canvas
            ref={canvas}
            width={state.canvas.width}
            height={state.canvas.height}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerEnd}
            onPointerCancel={onPointerEnd}
            style={{ width: display.width, height: display.height, touchAction: 'none' }}
            className={`block shadow-lg ${state.drag ? 'cursor-grabbing' : 'cursor-grab'}`}
          />
        </div>
      )}
    </div>
  );
}
