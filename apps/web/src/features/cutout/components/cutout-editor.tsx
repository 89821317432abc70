import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CutoutBox, CutoutView } from '@vitrine/shared/api/cutout';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { RefreshIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { formatPercent } from '../../../lib/format-number';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useUpdateCutout } from '../api/cutout';
import { useMaskPreview } from '../hooks/use-mask-preview';
import { usePhotoZoom } from '../hooks/use-photo-zoom';
import { drawOverlay, loadImage } from '../lib/canvas';
import { CorrectionShape, preview, type Drawing } from './correction-shape';
import { BRUSH, EditorToolbar } from './editor-toolbar';
import { NoticeLine, type Notice } from './notice-line';
import {
  add,
  boxBetween,
  brushRadius,
  canUndo,
  fromSaved,
  insideRuns,
  KEYBOARD_BOX,
  lastBox,
  nudgeBox,
  STROKE_SPACING,
  thin,
  toFraction,
  toRequest,
  undo,
  withinLimits,
  type Correction,
  type Corrections,
  type Point,
  type Tool,
} from '../lib/corrections';

/** The longest side the photo is drawn at in the editor. */
const CANVAS_SIDE = 960;

/**
 * Correcting a cut-out: the photo with what is left out veiled, a box to draw around the product (with
 * a pointer, or with the keyboard's arrows), and keep / remove strokes painted with the mouse, a pen or
 * a finger (pointer events), with undo. Apply sends every correction to the server, which works the
 * cut-out out again with them and stores it. Closed without applying, it hands its corrections back
 * (`onClose`), to start from them when it reopens.
 */
export function CutoutEditor({
  uploadId,
  photoUrl,
  view,
  draft,
  onClose,
}: {
  uploadId: string;
  photoUrl: string;
  view: CutoutView;
  /** Corrections drawn and not applied the last time it was closed. */
  draft?: Corrections | null;
  onClose: (unapplied: Corrections | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const { toast } = useToast();
  const helpId = useId();
  const keysId = useId();
  const update = useUpdateCutout(uploadId);
  const [tool, setTool] = useState<Tool>('box');
  const [brush, setBrush] = useState(BRUSH.initial);
  const [corrections, setCorrections] = useState<Corrections>(() => draft ?? fromSaved(view.corrections));
  const [applied, setApplied] = useState<Corrections>(() => fromSaved(view.corrections));
  const [drawing, setDrawing] = useState<Drawing>(null);
  /** The box being placed with the keyboard, before Enter sets it. */
  const [keyboardBox, setKeyboardBox] = useState<CutoutBox | null>(null);
  const [layerFocused, setLayerFocused] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const [photo, setPhoto] = useState<HTMLImageElement | null>(null);
  const photoZoom = usePhotoZoom();
  const touch = useMediaQuery('(pointer: coarse)');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const layerRef = useRef<SVGSVGElement>(null);
  const aspect = view.width / view.height;
  const width = aspect >= 1 ? CANVAS_SIDE : Math.round(CANVAS_SIDE * aspect);
  const height = aspect >= 1 ? Math.round(CANVAS_SIDE / aspect) : CANVAS_SIDE;
  const changed = JSON.stringify(toRequest(corrections)) !== JSON.stringify(toRequest(applied));

  useEffect(() => {
    let cancelled = false;
    void loadImage(photoUrl).then((image) => !cancelled && setPhoto(image));
    return () => {
      cancelled = true;
    };
  }, [photoUrl]);

  // The stroke being drawn and every stroke drawn so far are shown on the cut-out at once.
  const stroke = useMemo(
    () =>
      drawing && drawing.tool !== 'box'
        ? { kind: drawing.tool, radius: brushRadius(brush), points: drawing.points }
        : null,
    [drawing, brush],
  );
  const painted = useMaskPreview({
    photo,
    view: update.data ?? view,
    corrections,
    drawing: stroke,
    size: { width, height },
  });
  useEffect(() => {
    if (painted.pixels && canvasRef.current) drawOverlay(canvasRef.current, painted.pixels, painted.alpha);
  }, [painted.pixels, painted.alpha]);

  const close = () => onClose(changed ? corrections : null);

  /** Where the pointer is on the photo: held inside it for a box, as it is for a stroke. */
  function position(event: PointerEvent, tool: Tool): Point {
    const frame = layerRef.current!.getBoundingClientRect();
    return toFraction(event.clientX, event.clientY, frame, tool === 'box');
  }

  function start(event: PointerEvent<SVGSVGElement>) {
    if (event.button !== 0 || update.isPending) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    // A second finger: the two pinch or move the photo, and the stroke the first one began is dropped.
    if (photoZoom.pointerDown(event)) {
      setDrawing(null);
      return;
    }
    setKeyboardBox(null);
    setDrawing({ tool, points: [position(event, tool)] });
  }

  function move(event: PointerEvent<SVGSVGElement>) {
    if (photoZoom.pointerMove(event) || !drawing) return;
    const point = position(event, drawing.tool);
    setDrawing(
      (current) =>
        current && {
          ...current,
          points: current.tool === 'box' ? [current.points[0]!, point] : [...current.points, point],
        },
    );
  }

  /** Adds corrections, unless they would go past what the server takes. True when added. */
  function addAll(added: Correction[]): boolean {
    if (added.length === 0) return false;
    disarmReset();
    const next = added.reduce(add, corrections);
    if (!withinLimits(next)) {
      setNotice({ tone: 'error', text: t('cutoutEditor.tooMany') });
      return false;
    }
    setCorrections(next);
    setNotice(null);
    return true;
  }

  function finish(event: PointerEvent<SVGSVGElement>) {
    if (photoZoom.pointerUp(event) || !drawing) return;
    setDrawing(null);
    if (drawing.tool === 'box') {
      const [from, to] = [drawing.points[0]!, drawing.points.at(-1)!];
      const box = boxBetween(from, to);
      if (box) addAll([{ kind: 'box', box }]);
      // A click, with no drag, is no box (it may just give the drawing area the focus).
      else if (from[0] !== to[0] || from[1] !== to[1])
        setNotice({ tone: 'error', text: t('cutout.boxTooSmall') });
      return;
    }
    // What was painted outside the photo is cut off; a stroke that left it and came back is two.
    const runs = insideRuns(drawing.points);
    addAll(
      runs.map((run) => ({
        kind: drawing.tool as 'keep' | 'remove',
        radius: brushRadius(brush),
        points: thin(run, STROKE_SPACING).map(([x, y]) => [x, y] as [number, number]),
      })),
    );
  }

  /** The keyboard's box: Enter shows it (the box in use, else one in the middle) and then sets it. */
  function onLayerKey(event: KeyboardEvent<SVGSVGElement>) {
    if (tool !== 'box' || update.isPending) return;
    const from = keyboardBox ?? lastBox(corrections) ?? KEYBOARD_BOX;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (!keyboardBox) setKeyboardBox(from);
      else if (addAll([{ kind: 'box', box: keyboardBox }])) {
        setKeyboardBox(null);
        setNotice({ tone: 'info', text: t('cutoutEditor.boxAdded') });
      }
      return;
    }
    if (event.key === 'Escape' && keyboardBox) {
      // Puts the box away; the dialog stays open.
      event.preventDefault();
      event.stopPropagation();
      setKeyboardBox(null);
      return;
    }
    const next = nudgeBox(from, event.key, event.shiftKey);
    if (next) {
      event.preventDefault();
      setKeyboardBox(next);
    }
  }

  function apply(then?: () => void) {
    setNotice(null);
    update.mutate(
      { choice: 'cutout', corrections: toRequest(corrections) },
      {
        onSuccess: () => {
          setApplied(corrections);
          if (then) {
            // The editor closes: the page's notice says it.
            toast({
              title: t('cutoutEditor.appliedTitle'),
              description: t('cutoutEditor.appliedDescription'),
            });
            then();
          } else
            setNotice({
              tone: 'done',
              text: `${t('cutoutEditor.appliedTitle')}. ${t('cutoutEditor.appliedDescription')}`,
            });
        },
        onError: (error) => setNotice({ tone: 'error', text: error.message }),
      },
    );
  }

  /** The reset asked for a second click: it no longer waits for it, nor says so. */
  function disarmReset() {
    if (!confirmReset) return;
    setConfirmReset(false);
    setNotice(null);
  }

  /** Back to the automatic result: asked twice when corrections would be lost (undo cannot bring them back). */
  function backToAutomatic() {
    const work = canUndo(corrections) || canUndo(applied);
    if (work && !confirmReset) {
      setConfirmReset(true);
      setNotice({ tone: 'warning', text: t('cutoutEditor.resetWarning') });
      return;
    }
    setConfirmReset(false);
    setNotice(null);
    update.mutate(
      { choice: 'auto' },
      {
        onSuccess: () => {
          setCorrections(fromSaved(null));
          setApplied(fromSaved(null));
        },
        onError: (error) => setNotice({ tone: 'error', text: error.message }),
      },
    );
  }

  function onKeyDown(event: KeyboardEvent) {
    if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === 'z') {
      event.preventDefault();
      setCorrections((current) => undo(current));
    }
  }

  const shown = [
    ...corrections.items,
    drawing && preview(drawing, brush),
    keyboardBox && ({ kind: 'box', box: keyboardBox } as const),
  ].filter((c): c is Correction => Boolean(c));
  // Of several boxes only the last counts: the others are drawn faintly.
  const current = shown.findLastIndex((item) => item.kind === 'box');
  const percent = (v: number) => formatPercent(Math.round(v * 100), i18n.language);

  return (
    <Dialog open onClose={close} title={t('cutoutEditor.editorTitle')} size="xl">
      <div className="flex flex-col gap-4" onKeyDown={onKeyDown}>
        <p id={helpId} className="text-sm text-ink-600">
          {t('cutoutEditor.editorHelp')} {touch && t('cutoutEditor.touchHelp')}
        </p>
        <EditorToolbar
          tool={tool}
          onTool={(next) => {
            setTool(next);
            setKeyboardBox(null);
            disarmReset();
          }}
          brush={brush}
          onBrush={setBrush}
          canUndo={canUndo(corrections)}
          onUndo={() => setCorrections((current) => undo(current))}
          zoom={photoZoom.zoom}
          onZoom={(next) => photoZoom.zoomTo(next)}
        />

        {/* The photo takes the height the tools, the notice and the buttons leave (at most 60 % of the
            screen's), so that the buttons at the dialog's foot never cover its bottom; zoomed, it scrolls
            inside this frame. */}
        <div
          className="relative mx-auto w-full [--photo-height:max(36dvh,calc(100dvh-480px))] sm:[--photo-height:max(16rem,min(60dvh,calc(100dvh-22rem)))]"
          style={{ maxWidth: `min(100%, calc(var(--photo-height) * ${aspect}))` }}
        >
          <div
            ref={photoZoom.viewportRef}
            data-photo-viewport
            className="max-h-(--photo-height) overflow-auto overscroll-contain rounded-lg"
          >
            <div className="relative" style={{ width: `${photoZoom.zoom * 100}%` }}>
              <canvas
                ref={canvasRef}
                width={width}
                height={height}
                className="block h-auto w-full rounded-lg bg-ink-100"
                role="img"
                aria-label={t('cutoutEditor.canvasLabel')}
              />
              <svg
                ref={layerRef}
                viewBox={`0 0 ${width} ${height}`}
                className="absolute inset-0 size-full cursor-crosshair touch-none select-none"
                // With the Box tool the drawing area takes the keyboard (see onLayerKey).
                tabIndex={tool === 'box' ? 0 : -1}
                role={tool === 'box' ? 'application' : undefined}
                aria-label={t('cutoutEditor.drawingArea')}
                aria-describedby={tool === 'box' ? `${helpId} ${keysId}` : helpId}
                onKeyDown={onLayerKey}
                // The keys are written out for a keyboard user (not after a click), and a box placed with
                // them but not set with Enter goes when the focus leaves.
                onFocus={(event) => setLayerFocused(event.currentTarget.matches(':focus-visible'))}
                onBlur={() => {
                  setLayerFocused(false);
                  setKeyboardBox(null);
                }}
                onPointerDown={start}
                onPointerMove={move}
                onPointerUp={finish}
                onPointerCancel={() => setDrawing(null)}
              >
                {shown.map((item, index) => (
                  <CorrectionShape
                    key={index}
                    item={item}
                    width={width}
                    height={height}
                    faint={item.kind === 'box' && index !== current}
                    // Painted on the photo already: the stroke is only outlined faintly.
                    ghost={painted.live && item.kind !== 'box'}
                  />
                ))}
              </svg>
            </div>
          </div>
          {(!photo || update.isPending) && (
            <div className="absolute inset-0 grid place-items-center rounded-lg bg-white/50" role="status">
              <span className="flex items-center gap-2 rounded-full bg-white px-3 py-1.5 text-sm text-ink-700 shadow">
                <Spinner /> {update.isPending ? t('cutoutEditor.applying') : t('cutoutEditor.loading')}
              </span>
            </div>
          )}
        </div>

        {tool === 'box' && (
          <p id={keysId} className={`text-xs text-ink-600 ${layerFocused ? '' : 'sr-only'}`}>
            {t('cutoutEditor.keyboardHelp')}
          </p>
        )}
        <p aria-live="polite" className="sr-only">
          {keyboardBox &&
            t('cutoutEditor.keyboardBox', {
              left: percent(keyboardBox.x),
              top: percent(keyboardBox.y),
              width: percent(keyboardBox.width),
              height: percent(keyboardBox.height),
            })}
        </p>

        {/* Kept in sight at the dialog's foot while its content scrolls. It reaches into the dialog's
            padding, so it sticks as far down as that padding (at 0 it would be pushed up over the photo). */}
        <div className="sticky -bottom-4 z-10 -mx-4 -mb-4 sm:-bottom-6 flex flex-col gap-3 border-t border-ink-100 bg-white px-4 py-4 sm:-mx-6 sm:-mb-6 sm:px-6">
          <NoticeLine notice={notice} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Button
              variant="ghost"
              size="sm"
              onClick={backToAutomatic}
              onBlur={disarmReset}
              disabled={update.isPending}
            >
              <RefreshIcon /> {confirmReset ? t('cutoutEditor.resetConfirm') : t('cutoutEditor.reset')}
            </Button>
            <div className="flex flex-wrap gap-2">
              {/* Corrections drawn but not applied yet are applied first: "Done" never drops them (the
                dialog's × and Escape keep them for the next opening, see `close`). */}
              <Button
                variant="secondary"
                onClick={() => (changed ? apply(() => onClose(null)) : onClose(null))}
                disabled={update.isPending}
              >
                {t('cutoutEditor.done')}
              </Button>
              <Button onClick={() => apply()} busy={update.isPending} disabled={!changed || update.isPending}>
                {t('cutoutEditor.apply')}
              </Button>
            </div>
          </div>
        </div>
      </div>
    </Dialog>
  );
}
