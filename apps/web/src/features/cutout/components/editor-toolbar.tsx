import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { UndoIcon, ZoomInIcon, ZoomOutIcon } from '../../../components/ui/icons';
import { formatPercent } from '../../../lib/format-number';
import type { Tool } from '../lib/corrections';
import { MAX_ZOOM, MIN_ZOOM, ZOOM_BUTTON_STEP } from '../lib/photo-zoom';

/** Brush sizes offered, as fractions of the photo's longest side. */
export const BRUSH = { min: 0.008, max: 0.08, step: 0.004, initial: 0.025 };

/** The editor's tools: box, keep and remove, the brush's size, undo, and the photo's zoom. */
export function EditorToolbar({
  tool,
  onTool,
  brush,
  onBrush,
  canUndo,
  onUndo,
  zoom,
  onZoom,
}: {
  tool: Tool;
  onTool: (tool: Tool) => void;
  brush: number;
  onBrush: (size: number) => void;
  canUndo: boolean;
  onUndo: () => void;
  zoom: number;
  onZoom: (zoom: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const tools: [Tool, string][] = [
    ['box', t('cutoutEditor.toolBox')],
    ['keep', t('cutoutEditor.toolKeep')],
    ['remove', t('cutoutEditor.toolRemove')],
  ];
  return (
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
            onClick={() => onTool(id)}
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
          onChange={(event) => onBrush(Number(event.target.value))}
          className="w-28 accent-brand-600"
        />
      </label>
      <Button
        variant="ghost"
        size="sm"
        onClick={onUndo}
        disabled={!canUndo}
        aria-keyshortcuts="Control+Z Meta+Z"
      >
        {/* The arrow tells "undo the last mark" from "cancel", which French also calls "Annuler". */}
        <UndoIcon className="size-4" />
        {t('cutoutEditor.undo')}
      </Button>
      <div role="group" aria-label={t('cutoutEditor.zoom')} className="flex items-center gap-1">
        <Button
          variant="ghost"
          size="icon"
          onClick={() => onZoom(zoom / ZOOM_BUTTON_STEP)}
          disabled={zoom <= MIN_ZOOM}
          aria-label={t('cutoutEditor.zoomOut')}
        >
          <ZoomOutIcon />
        </Button>
        <span className="w-12 text-center text-sm text-ink-700 tabular-nums" aria-live="polite">
          {formatPercent(Math.round(zoom * 100), i18n.language)}
        </span>
        <Button
          variant="ghost"
          size="icon"
          onClick={() => onZoom(zoom * ZOOM_BUTTON_STEP)}
          disabled={zoom >= MAX_ZOOM}
          aria-label={t('cutoutEditor.zoomIn')}
        >
          <ZoomInIcon />
        </Button>
      </div>
    </div>
  );
}
