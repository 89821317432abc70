import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CutoutView } from '@vitrine/shared/api/cutout';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { RefreshIcon, UndoIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { useUpdateCutout } from '../api/cutout';
import { drawOverlay, loadImage } from '../lib/canvas';
import {
  add,
  boxBetween,
  brushRadius,
  canUndo,
  fromSaved,
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

/** Brush sizes offered, as fractions of the photo's longest side. */
const BRUSH = { min: 0.008, max: 0.08, step: 0.004, initial: 0.025 };
/** Points of a stroke closer than this (fraction of the photo) add nothing. */
const SPACING = 0.004;
/** The longest side the photo is drawn at in the editor. */
const CANVAS_SIDE = 960;

type Drawing = { tool: Tool; points: Point[] } | null;

/**
 * Correcting a cut-out: the photo with what is left out veiled, a box to draw around the product, and
 * keep / remove strokes painted with the mouse, a pen or a finger (pointer events), with undo. Apply
 * sends every correction to the server, which works the cut-out out again with them and stores it.
 */
export function CutoutEditor({
  uploadId,
  photoUrl,
  view,
  onClose,
}: {
  uploadId: string;
  photoUrl: string;
  view: CutoutView;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const helpId = useId();
  const update = useUpdateCutout(uploadId);
  const [tool, setTool] = useState<Tool>('box');
  const [brush, setBrush] = useState(BRUSH.initial);
  const [corrections, setCorrections] = useState<Corrections>(() => fromSaved(view.corrections));
  const [applied, setApplied] = useState<Corrections>(() => fromSaved(view.corrections));
  const [drawing, setDrawing] = useState<Drawing>(null);
  const [photo, setPhoto] = useState<HTMLImageElement | null>(null);
  const [loadedMask, setLoadedMask] = useState<{ url: string; image: HTMLImageElement } | null>(null);
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

  const maskUrl = update.data?.maskUrl ?? view.maskUrl;
  useEffect(() => {
    let cancelled = false;
    if (maskUrl)
      void loadImage(maskUrl).then((image) => !cancelled && setLoadedMask({ url: maskUrl, image }));
    return () => {
      cancelled = true;
    };
  }, [maskUrl]);
  // Until the new mask has loaded, the last one stays on screen.
  const mask = maskUrl ? (loadedMask?.image ?? null) : null;

  useEffect(() => {
    if (photo && canvasRef.current) drawOverlay(canvasRef.current, photo, mask);
  }, [photo, mask]);

  function position(event: PointerEvent): Point {
    return toFraction(event.clientX, event.clientY, layerRef.current!.getBoundingClientRect());
  }

  function start(event: PointerEvent<SVGSVGElement>) {
    if (event.button !== 0 || update.isPending) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrawing({ tool, points: [position(event)] });
  }

  function move(event: PointerEvent<SVGSVGElement>) {
    if (!drawing) return;
    const point = position(event);
    setDrawing(
      (current) =>
        current && {
          ...current,
          points: current.tool === 'box' ? [current.points[0]!, point] : [...current.points, point],
        },
    );
  }

  function finish() {
    if (!drawing) return;
    setDrawing(null);
    let correction: Correction | null = null;
    if (drawing.tool === 'box') {
      const box = boxBetween(drawing.points[0]!, drawing.points.at(-1)!);
      if (box) correction = { kind: 'box', box };
    } else {
      const points = thin(drawing.points, SPACING).map(([x, y]) => [x, y] as [number, number]);
      correction = { kind: drawing.tool, radius: brushRadius(brush), points };
    }
    if (!correction) return;
    const next = add(corrections, correction);
    if (!withinLimits(next)) {
      toast({ variant: 'destructive', title: t('common.error'), description: t('cutoutEditor.tooMany') });
      return;
    }
    setCorrections(next);
  }

  function apply(then?: () => void) {
    update.mutate(
      { choice: 'cutout', corrections: toRequest(corrections) },
      {
        onSuccess: () => {
          setApplied(corrections);
          toast({ title: t('cutoutEditor.appliedTitle'), description: t('cutoutEditor.appliedDescription') });
          then?.();
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: t('common.error'), description: error.message }),
      },
    );
  }

  function backToAutomatic() {
    update.mutate(
      { choice: 'auto' },
      {
        onSuccess: () => {
          setCorrections(fromSaved(null));
          setApplied(fromSaved(null));
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: t('common.error'), description: error.message }),
      },
    );
  }

  function onKeyDown(event: KeyboardEvent) {
    if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === 'z') {
      event.preventDefault();
      setCorrections((current) => undo(current));
    }
  }

  const shown = drawing
    ? [...corrections.items, preview(drawing, brush)].filter((c): c is Correction => c !== null)
    : corrections.items;
  const tools: [Tool, string][] = [
    ['box', t('cutoutEditor.toolBox')],
    ['keep', t('cutoutEditor.toolKeep')],
    ['remove', t('cutoutEditor.toolRemove')],
  ];

  return (
    <Dialog open onClose={onClose} title={t('cutoutEditor.editorTitle')} size="xl">
      <div className="flex flex-col gap-4" onKeyDown={onKeyDown}>
        <p id={helpId} className="text-sm text-ink-600">
          {t('cutoutEditor.editorHelp')}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <div
            role="group"
            aria-label={t('cutoutEditor.tools')}
            className="flex rounded-lg bg-ink-50 p-0.5 ring-1 ring-ink-200"
          >
            {tools.map(([id, label]) => (
              <button
                key={id}
                type="button"
                aria-pressed={tool === id}
                onClick={() => setTool(id)}
                className={`flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-semibold transition ${
                  tool === id
                    ? 'bg-white text-ink-900 shadow-sm ring-1 ring-ink-200'
                    : 'text-ink-600 hover:text-ink-900'
                }`}
              >
                <span
                  aria-hidden="true"
                  className={`inline-block size-2.5 rounded-full ${
                    id === 'keep'
                      ? 'bg-emerald-500'
                      : id === 'remove'
                        ? 'bg-rose-500'
                        : 'border-2 border-dashed border-amber-500'
                  }`}
                />
                {label}
              </button>
            ))}
          </div>
          <label className="flex items-center gap-2 text-sm text-ink-700">
            {t('cutoutEditor.brushSize')}
            <input
              type="range"
              min={BRUSH.min}
              max={BRUSH.max}
              step={BRUSH.step}
              value={brush}
              disabled={tool === 'box'}
              onChange={(event) => setBrush(Number(event.target.value))}
              className="w-28 accent-brand-600"
            />
          </label>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setCorrections((current) => undo(current))}
            disabled={!canUndo(corrections)}
            aria-keyshortcuts="Control+Z Meta+Z"
          >
            {/* The arrow tells "undo the last mark" from "cancel", which French also calls "Annuler". */}
            <UndoIcon className="size-4" />
            {t('cutoutEditor.undo')}
          </Button>
        </div>

        {/* At most 60 % of the screen's height; on a phone, what the tools and buttons leave (a tall photo
            would push Apply out of sight). */}
        <div
          className="relative mx-auto w-full [--photo-height:max(36dvh,calc(100dvh-480px))] sm:[--photo-height:60dvh]"
          style={{ maxWidth: `min(100%, calc(var(--photo-height) * ${aspect}))` }}
        >
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
            aria-describedby={helpId}
            onPointerDown={start}
            onPointerMove={move}
            onPointerUp={finish}
            onPointerCancel={() => setDrawing(null)}
          >
            {shown.map((item, index) => (
              <CorrectionShape key={index} item={item} width={width} height={height} />
            ))}
          </svg>
          {(!photo || update.isPending) && (
            <div className="absolute inset-0 grid place-items-center rounded-lg bg-white/50" role="status">
              <span className="flex items-center gap-2 rounded-full bg-white px-3 py-1.5 text-sm text-ink-700 shadow">
                <Spinner /> {update.isPending ? t('cutoutEditor.applying') : t('cutoutEditor.loading')}
              </span>
            </div>
          )}
        </div>

        {/* Kept in sight at the dialog's foot while its content scrolls. */}
        <div className="sticky bottom-0 z-10 -mx-4 -mb-4 flex flex-wrap items-center justify-between gap-3 border-t border-ink-100 bg-white px-4 py-4 sm:-mx-6 sm:-mb-6 sm:px-6">
          <Button variant="ghost" size="sm" onClick={backToAutomatic} disabled={update.isPending}>
            <RefreshIcon /> {t('cutoutEditor.reset')}
          </Button>
          <div className="flex flex-wrap gap-2">
            {/* Corrections drawn but not applied yet are applied first: "Done" never drops them (the
                dialog's × and Escape cancel what was not applied, as closing a dialog does). */}
            <Button
              variant="secondary"
              onClick={() => (changed ? apply(onClose) : onClose())}
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
    </Dialog>
  );
}

/** The correction being drawn, as it would be added. */
function preview(drawing: NonNullable<Drawing>, brush: number): Correction | null {
  if (drawing.tool === 'box') {
    const box = boxBetween(drawing.points[0]!, drawing.points.at(-1)!);
    return box && { kind: 'box', box };
  }
  return { kind: drawing.tool, radius: brushRadius(brush), points: drawing.points.map(([x, y]) => [x, y]) };
}

function CorrectionShape({ item, width, height }: { item: Correction; width: number; height: number }) {
  if (item.kind === 'box') {
    const { x, y, width: w, height: h } = item.box;
    return (
      <rect
        x={x * width}
        y={y * height}
        width={w * width}
        height={h * height}
        fill="none"
        stroke="#f59e0b"
        strokeWidth={3}
        strokeDasharray="10 6"
      />
    );
  }
  const r = item.radius * Math.max(width, height);
  const colour = item.kind === 'keep' ? '#10b981' : '#f43f5e';
  const points = item.points.map(([x, y]) => `${x * width},${y * height}`).join(' ');
  return item.points.length === 1 ? (
    <circle
      cx={item.points[0]![0] * width}
      cy={item.points[0]![1] * height}
      r={r}
      fill={colour}
      fillOpacity={0.55}
    />
  ) : (
    <polyline
      points={points}
      fill="none"
      stroke={colour}
      strokeOpacity={0.55}
      strokeWidth={r * 2}
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  );
}
