/** Spec section 2, image editor top bar: back, panel toggles, zoom, New logo, New text, Download final. */
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import {
  ArrowLeftIcon,
  DownloadIcon,
  ImageIcon,
  PanelLeftIcon,
  PanelRightIcon,
  RedoIcon,
  TypeIcon,
  UndoIcon,
  ZoomInIcon,
  ZoomOutIcon,
} from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { canRedo, canUndo } from '../model/history';
import type { EditorState } from '../model/types';
import { canZoomIn, canZoomOut, zoomPercent } from '../model/zoom';
import type { EditorAction } from '../model/reducer';

export type DownloadLabel = 'download' | 'downloadWithLogo';

/** An icon-only action: its label is read out and shown on hover. */
function ToolButton({
  label,
  Icon,
  disabled,
  onClick,
}: {
  label: string;
  Icon: typeof PanelLeftIcon;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon className="size-5" />
    </Button>
  );
}

export function EditorTopBar({
  state,
  dispatch,
  onBack,
  onDownload,
  downloadLabel,
  canDownload,
  processing,
}: {
  state: EditorState;
  dispatch: (action: EditorAction) => void;
  onBack: () => void;
  onDownload: () => void;
  downloadLabel: DownloadLabel;
  canDownload: boolean;
  processing: boolean;
}) {
  const { t } = useTranslation();
  const percent = zoomPercent(state.zoom);
  // On a phone the top bar keeps two rows: these labels are read out but not shown.
  const compact = state.mobile ? 'sr-only' : '';
  const toggle = (side: 'left' | 'right', pressed: boolean, label: string, Icon: typeof PanelLeftIcon) => (
    <Button
      variant="ghost"
      size="icon"
      aria-pressed={pressed}
      aria-label={label}
      title={label}
      onClick={() => dispatch({ type: 'togglePanel', side })}
      className={pressed ? 'bg-brand-50 text-brand-700' : ''}
    >
      <Icon className="size-5" />
    </Button>
  );
  return (
    <div
      role="toolbar"
      aria-label={t('editor.toolbar')}
      className="flex flex-wrap items-center gap-1 border-b border-ink-100 bg-white px-2 py-2 sm:gap-2 sm:px-3"
    >
      <Button variant="ghost" size="sm" onClick={onBack} title={t('editor.back')}>
        <ArrowLeftIcon className="size-4" />
        <span className={compact}>{t('editor.back')}</span>
      </Button>
      <span className="mx-0.5 hidden h-6 w-px bg-ink-100 sm:block" aria-hidden="true" />
      {toggle('left', state.panels.left, t('editor.leftPanel'), PanelLeftIcon)}
      {toggle('right', state.panels.right, t('editor.rightPanel'), PanelRightIcon)}
      <span className="mx-0.5 hidden h-6 w-px bg-ink-100 sm:block" aria-hidden="true" />
      <div className="flex items-center">
        <ToolButton
          label={t('editor.zoomOut')}
          Icon={ZoomOutIcon}
          disabled={!canZoomOut(state.zoom)}
          onClick={() => dispatch({ type: 'zoomOut' })}
        />
        <output
          aria-live="polite"
          aria-label={t('editor.zoomLabel', { percent })}
          className="w-12 text-center text-sm font-semibold text-ink-800 tabular-nums"
        >
          {t('editor.zoomLevel', { percent })}
        </output>
        <ToolButton
          label={t('editor.zoomIn')}
          Icon={ZoomInIcon}
          disabled={!canZoomIn(state.zoom, state.mobile)}
          onClick={() => dispatch({ type: 'zoomIn' })}
        />
      </div>
      <ToolButton
        label={t('editor.undo')}
        Icon={UndoIcon}
        disabled={!canUndo(state)}
        onClick={() => dispatch({ type: 'undo' })}
      />
      <ToolButton
        label={t('editor.redo')}
        Icon={RedoIcon}
        disabled={!canRedo(state)}
        onClick={() => dispatch({ type: 'redo' })}
      />
      <div className="ml-auto flex flex-wrap items-center justify-end gap-1.5 sm:gap-2">
        {processing && (
          <span role="status" aria-label={t('editor.processing')} className="text-brand-600">
            <Spinner className="size-5" />
          </span>
        )}
        <Button
          variant="secondary"
          size="sm"
          title={t('editor.newLogo')}
          aria-pressed={state.selectedLayer === 'logo'}
          onClick={() => dispatch({ type: 'newLogo' })}
        >
          <ImageIcon className="size-4" />
          <span className={compact}>{t('editor.newLogo')}</span>
        </Button>
        <Button
          variant="secondary"
          size="sm"
          title={t('editor.newText')}
          aria-pressed={state.creating}
          onClick={() => dispatch({ type: 'newText' })}
        >
          <TypeIcon className="size-4" />
          <span className={compact}>{t('editor.newText')}</span>
        </Button>
        <Button size="sm" onClick={onDownload} disabled={!canDownload}>
          <DownloadIcon className="size-4" />
          {t(`editor.${downloadLabel}`)}
        </Button>
      </div>
    </div>
  );
}
