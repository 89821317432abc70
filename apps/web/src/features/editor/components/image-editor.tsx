/**
 * Spec section 2, image editor: top bar, left panel (logo or text form, or a hint), the canvas, and the
 * layers list. The layers are loaded from and saved to the result's image (GET/PUT …/edit?image=N).
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPTY_EDITOR_DOCUMENT, type EditorDocumentResponse } from '@vitrine/shared/api/editor';
import type { GenerationResult } from '@vitrine/shared/api/generations';
import { InfoIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { saveBlob } from '../../../lib/save-blob';
import { resultImages } from '../../../lib/result-images';
import { exportEditedImage, useEditorDocument } from '../api/editor-document';
import { logoFileUrl } from '../api/logo-uploads';
import { useAutosave } from '../hooks/use-autosave';
import { useEditorFonts } from '../hooks/use-editor-fonts';
import { useLoadedImage, type LoadedImage } from '../hooks/use-loaded-image';
import { textBandsOf, type TextBand } from '../model/document';
import { editorReducer, initialEditorState } from '../model/reducer';
import { EDITED_FILE_NAME, type Scene } from '../lib/render';
import { currentLang } from '../../../lib/current-lang';
import { errorDescription } from '../../../lib/error-description';
import { EditorCanvas } from './editor-canvas';
import { EditorTopBar, type DownloadLabel } from './editor-top-bar';
import { LayersPanel } from './layers-panel';
import { LogoPanel } from './logo-panel';
import { SaveStatusLine } from './save-status';
import { TextPanel } from './text-panel';

export function ImageEditor({
  result,
  imageIndex,
  onBack,
  downloadLabel = 'download',
  startWithLogo = false,
}: {
  result: GenerationResult;
  imageIndex: number;
  onBack: () => void;
  downloadLabel?: DownloadLabel;
  /** Opened by "Add logo": the logo's panel shows at once, ready for the file. */
  startWithLogo?: boolean;
}) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const image = resultImages(result)[imageIndex] ?? null;
  const saved = useEditorDocument(result.id, imageIndex);
  // Once the layers are read: a document over the plate draws on it (the image's texts are layers),
  // any other over the image itself (docs/decisions/046).
  const plate = saved.data?.document.background === 'plate' ? saved.data.plate : null;
  const main = useLoadedImage(saved.isPending ? null : (plate ?? image?.url ?? null));
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    if (!saved.isError) return;
    toast({
      variant: 'destructive',
      title: t('editor.save.loadFailed'),
      description: t('editor.save.loadFailedDescription'),
    });
  }, [saved.isError, t, toast]);

  if (saved.isPending)
    return (
      <div role="status" className="grid min-h-72 place-items-center bg-ink-50 text-sm text-ink-600">
        <span className="flex items-center gap-2">
          <Spinner className="size-5 text-brand-600" />
          {t('editor.loadingImage')}
        </span>
      </div>
    );
  return (
    <EditorWorkspace
      // Loading the latest version (after a save refused as made elsewhere) starts the editor afresh.
      key={reloads}
      resultId={result.id}
      imageIndex={imageIndex}
      main={image ? main : { status: 'failed', url: '' }}
      // A document that could not be read: the user may go on, but nothing is saved over it.
      loaded={saved.isSuccess ? saved.data : null}
      onReload={() => void saved.refetch().then(() => setReloads((n) => n + 1))}
      onBack={onBack}
      downloadLabel={downloadLabel}
      startWithLogo={startWithLogo}
      baked={textBandsOf(image?.texts, image?.height ?? 0)}
    />
  );
}

function EditorWorkspace({
  resultId,
  imageIndex,
  main,
  loaded,
  onReload,
  onBack,
  downloadLabel,
  startWithLogo,
  baked,
}: {
  resultId: string;
  imageIndex: number;
  main: LoadedImage;
  /** The saved document as read; null when it could not be read (then nothing is saved over it). */
  loaded: EditorDocumentResponse | null;
  onReload: () => void;
  onBack: () => void;
  downloadLabel: DownloadLabel;
  startWithLogo: boolean;
  /** Where the image's own texts are, in percent of its height. */
  baked: TextBand[];
}) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const [state, dispatch] = useReducer(editorReducer, null, () => {
    const initial = initialEditorState(window.innerWidth, loaded?.document ?? EMPTY_EDITOR_DOCUMENT, baked);
    return startWithLogo ? editorReducer(initial, { type: 'newLogo' }) : initial;
  });

  useEffect(() => {
    const onResize = () => dispatch({ type: 'setViewport', width: window.innerWidth });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const saveStatus = useAutosave(resultId, imageIndex, state.document, loaded);

  // The images drawn: the result (its failure stops everything) and the logo (drawn without on failure).
  const logoUrl = state.document.logo ? logoFileUrl(state.document.logo.uploadId) : null;
  const logo = useLoadedImage(logoUrl);
  const mainFailed = main.status === 'failed';
  useEffect(() => {
    if (!mainFailed) return;
    toast({
      variant: 'destructive',
      title: t('editor.mainImageFailed'),
      description: t('editor.mainImageFailedDescription'),
    });
  }, [mainFailed, t, toast]);
  const logoFailedUrl = logo.status === 'failed' ? logo.url : null;
  useEffect(() => {
    if (!logoFailedUrl) return;
    toast({ title: t('editor.logoFailed'), description: t('editor.logoFailedDescription') });
  }, [logoFailedUrl, t, toast]);
  useEffect(() => {
    if (main.status === 'ready')
      dispatch({
        type: 'setCanvas',
        size: { width: main.image.naturalWidth, height: main.image.naturalHeight },
      });
  }, [main]);

  const logoImage = logo.status === 'ready' ? logo.image : null;
  // Texts are drawn by the typographic rules of the language the export sets them in.
  const language = loaded?.language ?? currentLang();
  // The first drawing waits for the faces in use (5 s at most); each later load draws again.
  const fontLoads = useEditorFonts(state.document.texts);
  const scene: Scene | null = useMemo(
    () =>
      main.status === 'ready' && state.canvas.width > 0 && fontLoads > 0
        ? { image: main.image, logo: logoImage, document: state.document, fontLoads, language }
        : null,
    [main, logoImage, state.document, state.canvas.width, fontLoads, language],
  );

  const [redrawing, setRedrawing] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [exporting, setExporting] = useState(false);
  const onRedrawingChange = useCallback((value: boolean) => setRedrawing(value), []);
  const logoPending = logo.status === 'loading';
  const processing =
    !mainFailed && (main.status === 'loading' || redrawing || uploading || exporting || logoPending);

  // The download is made by the server: the engine sets the texts at the image's full resolution.
  async function download() {
    if (!scene) return;
    setExporting(true);
    try {
      saveBlob(await exportEditedImage(resultId, imageIndex, state.document), EDITED_FILE_NAME);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('editor.downloadFailed'),
        description: errorDescription(error, t('editor.downloadFailed')) ?? t('common.genericError'),
      });
    } finally {
      setExporting(false);
    }
  }

  // Undo and redo from anywhere in the editor, except while typing in a field.
  const root = useRef<HTMLDivElement>(null);
  // Opening the editor brings it into view and moves the focus to it, so it is read out.
  useEffect(() => {
    root.current?.scrollIntoView({ block: 'nearest' });
    root.current?.focus({ preventScroll: true });
  }, []);
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const target = event.target as HTMLElement;
    if (event.defaultPrevented || target.closest('input, textarea, select, [contenteditable="true"]')) return;
    // Escape first lets go of the selected layer, wherever the focus is in the editor (as its help
    // says); only with nothing selected does it close the window the editor is in.
    if (event.key === 'Escape' && state.selectedLayer !== 'none') {
      event.preventDefault();
      dispatch({ type: 'deselect' });
      return;
    }
    if (!(event.ctrlKey || event.metaKey)) return;
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey) {
      event.preventDefault();
      dispatch({ type: 'undo' });
    } else if (key === 'y' || (key === 'z' && event.shiftKey)) {
      event.preventDefault();
      dispatch({ type: 'redo' });
    }
  }

  const selectedText =
    state.selectedLayer === 'text'
      ? (state.document.texts.find((text) => text.id === state.selectedTextId) ?? null)
      : null;
  const left = state.creating ? (
    <TextPanel key={`new-${state.draftKey}`} mode="new" draft={state.draft} dispatch={dispatch} />
  ) : selectedText ? (
    <TextPanel key={selectedText.id} mode="edit" text={selectedText} dispatch={dispatch} />
  ) : state.selectedLayer === 'logo' ? (
    <LogoPanel logo={state.document.logo} dispatch={dispatch} onBusyChange={setUploading} />
  ) : (
    <div className="flex flex-col items-start gap-2 p-4">
      <InfoIcon className="size-6 text-brand-600" />
      <p className="text-sm font-semibold text-ink-900">{t('editor.hint')}</p>
      <p className="text-sm text-ink-600">{t('editor.hintDescription')}</p>
    </div>
  );

  const panel = 'min-h-0 overflow-y-auto bg-white';
  // Named regions, not asides: a complementary landmark must not sit inside the editor's region.
  const settings = state.panels.left && (
    <section
      key="settings"
      aria-label={t('editor.leftPanel')}
      className={`${panel} ${state.mobile ? 'max-h-[40vh] border-t border-ink-100' : 'w-72 border-r border-ink-100'}`}
    >
      {left}
    </section>
  );
  const canvas = (
    <div
      key="canvas"
      className={
        state.mobile ? (state.panels.left ? 'h-[38vh] min-h-56' : 'h-[62vh] min-h-72') : 'min-h-0 min-w-0'
      }
    >
      <EditorCanvas
        state={state}
        dispatch={dispatch}
        scene={mainFailed ? null : scene}
        failed={mainFailed}
        onRedrawingChange={onRedrawingChange}
      />
    </div>
  );
  return (
    <div
      ref={root}
      role="region"
      aria-label={t('editor.title')}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      // Clear of the sticky header when scrolled into view.
      className="flex min-h-0 scroll-mt-20 flex-col bg-ink-50 focus:outline-none"
    >
      <EditorTopBar
        state={state}
        dispatch={dispatch}
        onBack={onBack}
        onDownload={() => void download()}
        downloadLabel={downloadLabel}
        canDownload={scene !== null && !exporting && !logoPending}
        processing={processing}
      />
      <div
        className={
          state.mobile
            ? 'flex flex-col'
            : 'grid h-[min(78vh,52rem)] min-h-[28rem] grid-cols-[auto_minmax(0,1fr)_auto]'
        }
      >
        {/* On a phone the image comes first (on screen and in focus order) and shrinks while settings
            are open under it, so a change is seen as it is made. */}
        {state.mobile ? [canvas, settings] : [settings, canvas]}
        {state.panels.right && (
          <section
            aria-label={t('editor.rightPanel')}
            className={`${panel} ${state.mobile ? 'border-t border-ink-100' : 'w-60 border-l border-ink-100'}`}
          >
            <LayersPanel
              state={state}
              dispatch={dispatch}
              logoUrl={logo.status === 'ready' ? logoUrl : null}
            />
          </section>
        )}
      </div>
      <SaveStatusLine status={loaded ? saveStatus : 'off'} onReload={onReload} />
    </div>
  );
}
