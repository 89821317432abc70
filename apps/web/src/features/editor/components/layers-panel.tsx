/** Spec section 2, image editor right panel: the logo layer and the text layers with their count. */
import { useTranslation } from 'react-i18next';
import type { EditorDocument } from '@vitrine/shared/api/editor';
import { ImageIcon, TrashIcon, TypeIcon } from '../../../components/ui/icons';
import type { EditorAction } from '../model/reducer';
import type { EditorState } from '../model/types';

const row =
  'flex w-full min-w-0 items-center gap-2 rounded-lg px-2.5 py-2 text-left text-sm transition focus-visible:outline-2 focus-visible:outline-brand-600';

export function LayersPanel({
  state,
  dispatch,
  logoUrl,
}: {
  state: EditorState;
  dispatch: (action: EditorAction) => void;
  logoUrl: string | null;
}) {
  const { t } = useTranslation();
  const { logo, texts }: EditorDocument = state.document;
  const logoSelected = state.selectedLayer === 'logo';
  return (
    <section aria-labelledby="editor-layers-title" className="flex flex-col gap-4 p-4">
      <h3 id="editor-layers-title" className="text-sm font-semibold text-ink-900">
        {t('editor.layers.title')}
      </h3>
      <div>
        <h4 className="mb-1.5 text-xs font-semibold tracking-wider text-ink-600 uppercase">
          {t('editor.layers.logo')}
        </h4>
        {logo ? (
          <div className="flex items-center gap-1">
            <button
              type="button"
              aria-pressed={logoSelected}
              onClick={() => dispatch({ type: 'clickLayer', layer: 'logo' })}
              className={`${row} ${logoSelected ? 'bg-brand-50 text-brand-800 ring-1 ring-brand-200' : 'text-ink-800 hover:bg-ink-50'}`}
            >
              {logoUrl ? (
                <img src={logoUrl} alt="" className="size-7 shrink-0 rounded bg-ink-50 object-contain" />
              ) : (
                <ImageIcon className="size-5 text-ink-400" />
              )}
              <span className="truncate">
                {t('editor.layers.logo')} · {t('editor.logo.sizeValue', { size: Math.round(logo.size) })}
              </span>
              <span className="sr-only">{t('editor.layers.selectLogo')}</span>
            </button>
            <button
              type="button"
              aria-label={t('editor.layers.removeLogo')}
              title={t('editor.layers.removeLogo')}
              onClick={() => dispatch({ type: 'removeLogo' })}
              className="grid size-9 shrink-0 place-items-center rounded-lg text-ink-600 hover:bg-red-50 hover:text-red-700"
            >
              <TrashIcon className="size-4.5" />
            </button>
          </div>
        ) : (
          <p className="px-2.5 py-2 text-sm text-ink-600">{t('editor.layers.noLogo')}</p>
        )}
      </div>
      <div>
        <h4 className="mb-1.5 text-xs font-semibold tracking-wider text-ink-600 uppercase">
          {t('editor.layers.texts', { count: texts.length })}
        </h4>
        {texts.length === 0 ? (
          <p className="px-2.5 py-2 text-sm text-ink-600">{t('editor.layers.noTexts')}</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {texts.map((text) => {
              const selected = state.selectedLayer === 'text' && state.selectedTextId === text.id;
              return (
                <li key={text.id} className="flex items-center gap-1">
                  <button
                    type="button"
                    aria-pressed={selected}
                    aria-label={t('editor.layers.selectText', { text: text.text })}
                    onClick={() => dispatch({ type: 'clickLayer', layer: { textId: text.id } })}
                    className={`${row} ${selected ? 'bg-brand-50 text-brand-800 ring-1 ring-brand-200' : 'text-ink-800 hover:bg-ink-50'}`}
                  >
                    <TypeIcon className="size-4.5 shrink-0 text-ink-400" />
                    <span className="truncate">{text.text}</span>
                  </button>
                  <button
                    type="button"
                    aria-label={t('editor.layers.deleteText', { text: text.text })}
                    title={t('editor.layers.deleteText', { text: text.text })}
                    onClick={() => dispatch({ type: 'deleteText', id: text.id })}
                    className="grid size-9 shrink-0 place-items-center rounded-lg text-ink-600 hover:bg-red-50 hover:text-red-700"
                  >
                    <TrashIcon className="size-4.5" />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
