/**
 * Spec section 2, image editor left panel with a text: content, size 12-120 by 2, colour (20 presets or
 * custom), background colour or transparent, one of six fonts, weight, outline colour and width 0-10.
 * For a new text, Add is disabled while the content is blank; Enter on a blank content shows the spec's
 * 'Texte requis' notice.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_FONTS, EDITOR_LIMITS, EDITOR_WEIGHTS, type TextLayer } from '@vitrine/shared/api/editor';
import { Button } from '../../../components/ui/button';
import { PlusIcon, TrashIcon } from '../../../components/ui/icons';
import { useToast } from '../../../components/ui/toast';
import { canAddText, TEXT_REQUIRED_NOTICE, type TextStyleChange } from '../model/document';
import type { EditorAction } from '../model/reducer';
import type { TextDraft } from '../model/types';
import { EDITOR_FONT_FACES } from '../fonts';
import { ColourField } from './colour-field';
import { RangeField } from './range-field';

type Props = { dispatch: (action: EditorAction) => void } & (
  { mode: 'new'; draft: TextDraft } | { mode: 'edit'; text: TextLayer }
);

export function TextPanel(props: Props) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { dispatch } = props;
  const values = props.mode === 'new' ? props.draft : props.text;
  // Editing a placed text: the field may be blank for a moment; the layer keeps its last content.
  const [content, setContent] = useState(values.text);
  const shown = props.mode === 'new' ? props.draft.text : content;
  const ids = { content: useId(), font: useId(), note: useId() };

  function change(next: TextStyleChange) {
    if (props.mode === 'new') dispatch({ type: 'editDraft', change: next });
    else dispatch({ type: 'updateText', id: props.text.id, change: next });
  }

  function onContent(value: string) {
    if (props.mode === 'new') change({ text: value });
    else {
      setContent(value);
      if (canAddText({ text: value })) change({ text: value });
    }
  }

  function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    if (props.mode !== 'new') return;
    if (!canAddText(props.draft)) {
      toast({
        variant: 'destructive',
        title: t(TEXT_REQUIRED_NOTICE.title),
        description: t(TEXT_REQUIRED_NOTICE.description),
      });
      return;
    }
    dispatch({ type: 'addText', now: Date.now() });
  }

  const blankEdit = props.mode === 'edit' && !canAddText({ text: content });
  const field =
    'w-full rounded-lg border border-ink-200 bg-white px-3 py-2 text-sm text-ink-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none';

  return (
    <form
      onSubmit={submit}
      aria-labelledby="editor-text-title"
      className="flex flex-col gap-4 p-4"
      noValidate
    >
      <h3 id="editor-text-title" className="text-sm font-semibold text-ink-900">
        {t(props.mode === 'new' ? 'editor.text.newTitle' : 'editor.text.editTitle')}
      </h3>
      <div>
        <label htmlFor={ids.content} className="mb-1 block text-sm font-medium text-ink-800">
          {t('editor.text.content')}
        </label>
        <input
          id={ids.content}
          type="text"
          value={shown}
          maxLength={EDITOR_LIMITS.maxTextLength}
          placeholder={t('editor.text.placeholder')}
          autoComplete="off"
          // A new text's field takes the focus: New text, then type.
          autoFocus={props.mode === 'new'}
          aria-describedby={blankEdit ? ids.note : undefined}
          aria-invalid={blankEdit || undefined}
          onChange={(event) => onContent(event.target.value)}
          onKeyDown={(event) => {
            // Enter adds the text; a blank one is refused with the notice (a disabled Add button would
            // otherwise make the browser ignore Enter silently).
            if (event.key === 'Enter' && props.mode === 'new') submit(event);
          }}
          className={field}
        />
        {blankEdit && (
          <p id={ids.note} className="mt-1 text-xs text-red-700">
            {t('editor.text.keptContent')}
          </p>
        )}
      </div>
      {props.mode === 'new' && (
        <Button type="submit" disabled={!canAddText(props.draft)}>
          <PlusIcon className="size-4" />
          {t('editor.text.add')}
        </Button>
      )}
      <RangeField
        label={t('editor.text.size')}
        valueText={t('editor.text.sizeValue', { size: values.fontSize })}
        value={values.fontSize}
        min={EDITOR_LIMITS.fontSize.min}
        max={EDITOR_LIMITS.fontSize.max}
        step={EDITOR_LIMITS.fontSize.step}
        onChange={(fontSize) => change({ fontSize })}
      />
      <ColourField
        label={t('editor.text.colour')}
        value={values.color}
        onChange={(color) => change({ color })}
      />
      <div className="flex flex-col gap-2">
        <ColourField
          label={t('editor.text.background')}
          value={values.backgroundColor === 'transparent' ? '#ffffff' : values.backgroundColor}
          onChange={(backgroundColor) => change({ backgroundColor })}
          presets={false}
        />
        <label className="flex items-center gap-2 text-sm text-ink-800">
          <input
            type="checkbox"
            checked={values.backgroundColor === 'transparent'}
            onChange={(event) =>
              change({ backgroundColor: event.target.checked ? 'transparent' : '#000000' })
            }
            className="size-4 accent-brand-600"
          />
          {t('editor.text.transparent')}
        </label>
      </div>
      <div>
        <label htmlFor={ids.font} className="mb-1 block text-sm font-medium text-ink-800">
          {t('editor.text.font')}
        </label>
        <select
          id={ids.font}
          value={values.fontFamily}
          onChange={(event) => change({ fontFamily: event.target.value as TextLayer['fontFamily'] })}
          className={field}
        >
          {EDITOR_FONTS.map((font) => (
            <option key={font} value={font} style={{ fontFamily: EDITOR_FONT_FACES[font].family }}>
              {font}
            </option>
          ))}
        </select>
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-ink-800">{t('editor.text.weight')}</legend>
        <div className="grid grid-cols-3 gap-1 rounded-lg bg-ink-50 p-1">
          {EDITOR_WEIGHTS.map((weight) => (
            <label
              key={weight}
              className={`cursor-pointer rounded-md px-2 py-1.5 text-center text-sm transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${
                values.fontWeight === weight
                  ? 'bg-white font-semibold text-brand-700 shadow-xs'
                  : 'text-ink-600'
              } ${weight === 'bold' ? 'font-bold' : ''} ${weight === 'italic' ? 'italic' : ''}`}
            >
              <input
                type="radio"
                name="editor-text-weight"
                value={weight}
                checked={values.fontWeight === weight}
                onChange={() => change({ fontWeight: weight })}
                className="sr-only"
              />
              {t(`editor.text.weights.${weight}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <ColourField
        label={t('editor.text.outlineColour')}
        value={values.outlineColor}
        onChange={(outlineColor) => change({ outlineColor })}
        presets={false}
      />
      <RangeField
        label={t('editor.text.outlineWidth')}
        valueText={t('editor.text.sizeValue', { size: values.outlineWidth })}
        value={values.outlineWidth}
        min={EDITOR_LIMITS.outlineWidth.min}
        max={EDITOR_LIMITS.outlineWidth.max}
        step={1}
        onChange={(outlineWidth) => change({ outlineWidth })}
      />
      {props.mode === 'edit' && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => dispatch({ type: 'deleteText', id: props.text.id })}
          className="self-start text-red-700"
        >
          <TrashIcon className="size-4" />
          {t('editor.text.delete')}
        </Button>
      )}
    </form>
  );
}
