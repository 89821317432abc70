/** A colour choice: the spec's 20 preset colours as swatches, plus the browser's custom picker. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_PALETTE } from '@vitrine/shared/api/editor';

export function ColourField({
  label,
  value,
  onChange,
  presets = true,
}: {
  label: string;
  value: string;
  onChange: (colour: string) => void;
  presets?: boolean;
}) {
  const { t } = useTranslation();
  const customId = useId();
  const labelId = useId();
  const lower = value.toLowerCase();
  return (
    <div role="group" aria-labelledby={labelId}>
      <p id={labelId} className="mb-1.5 text-sm font-medium text-ink-800">
        {label}
      </p>
      {presets && (
        <div className="mb-2 grid grid-cols-10 gap-1.5">
          {EDITOR_PALETTE.map((colour) => (
            <button
              key={colour}
              type="button"
              aria-pressed={lower === colour}
              aria-label={t('editor.text.preset', { colour })}
              title={colour}
              onClick={() => onChange(colour)}
              style={{ backgroundColor: colour }}
              className={`aspect-square w-full rounded-md ring-1 ring-ink-200 transition focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 ${
                lower === colour ? 'ring-2 ring-brand-600 ring-offset-1' : ''
              }`}
            />
          ))}
        </div>
      )}
      <div className="flex items-center gap-2">
        <input
          id={customId}
          type="color"
          value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#000000'}
          onChange={(event) => onChange(event.target.value)}
          className="h-8 w-10 cursor-pointer rounded border border-ink-200 bg-white p-0.5"
        />
        <label htmlFor={customId} className="text-xs text-ink-600">
          {t('editor.text.customColour')} <span className="font-mono">{lower}</span>
        </label>
      </div>
    </div>
  );
}
