/**
 * The kit's colours, each a row: a colour picker and the same colour as hex text (either changes the
 * other), a name, and a button to remove it; then "Add a colour" while there are fewer than five.
 */
import { useTranslation } from 'react-i18next';
import { BRAND_COLOURS_MAX, BRAND_COLOUR_NAME_MAX_LENGTH } from '@vitrine/shared/api/brand';
import { Button } from '../../../components/ui/button';
import { PlusIcon, TrashIcon } from '../../../components/ui/icons';
import { NEW_COLOUR, pickerValue, type ColourValue } from '../lib/brand-form';

const INPUT =
  'block rounded-lg border border-ink-200 bg-white px-3 py-2.5 text-sm text-ink-900 shadow-xs outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-600';

export function ColourRows({
  colours,
  onChange,
  error,
  errorId,
}: {
  colours: ColourValue[];
  onChange: (colours: ColourValue[]) => void;
  error?: string;
  errorId: string;
}) {
  const { t } = useTranslation();
  const set = (index: number, change: Partial<ColourValue>) =>
    onChange(colours.map((colour, i) => (i === index ? { ...colour, ...change } : colour)));

  return (
    <div>
      {colours.length === 0 && <p className="text-sm text-ink-400">{t('brand.noColours')}</p>}
      <ul className="flex flex-col gap-3">
        {colours.map((colour, index) => {
          const number = index + 1;
          return (
            <li key={index} className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
              <input
                type="color"
                aria-label={t('brand.colourPicker', { number })}
                value={pickerValue(colour.hex)}
                onChange={(event) => set(index, { hex: event.target.value })}
                className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-ink-200 bg-white p-1"
              />
              <input
                type="text"
                aria-label={t('brand.colourHex', { number })}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                value={colour.hex}
                maxLength={7}
                spellCheck={false}
                autoCapitalize="off"
                onChange={(event) => set(index, { hex: event.target.value })}
                className={`${INPUT} w-28 shrink-0 font-mono`}
              />
              <input
                type="text"
                aria-label={t('brand.colourName', { number })}
                placeholder={t('brand.colourNamePlaceholder')}
                value={colour.name}
                maxLength={BRAND_COLOUR_NAME_MAX_LENGTH}
                onChange={(event) => set(index, { name: event.target.value })}
                // Below 640 px the name takes a line of its own, under the colour.
                className={`${INPUT} order-last min-w-0 basis-full sm:order-none sm:basis-auto sm:flex-1`}
              />
              <Button
                variant="secondary"
                size="sm"
                aria-label={t('brand.removeColour', { number })}
                onClick={() => onChange(colours.filter((_, i) => i !== index))}
                className="ml-auto shrink-0 sm:ml-0"
              >
                <TrashIcon className="size-4" />
              </Button>
            </li>
          );
        })}
      </ul>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      )}
      {colours.length < BRAND_COLOURS_MAX && (
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          onClick={() => onChange([...colours, { hex: NEW_COLOUR, name: '' }])}
        >
          <PlusIcon className="size-4" />
          {t('brand.addColour')}
        </Button>
      )}
    </div>
  );
}
