import { useId, type ReactNode } from 'react';
import { FieldLabel } from '../../../components/ui/field-label';

export type Tile<T extends string> = { value: T; label: string; caption?: string; visual?: ReactNode };

/**
 * A required choice among a few options, shown as tiles: native radio buttons (arrow keys move
 * between them) inside a labelled radio group.
 */
export function OptionTiles<T extends string>({
  name,
  label,
  help,
  options,
  value,
  onChange,
  columns,
}: {
  name: string;
  label: string;
  help: string;
  options: readonly Tile<T>[];
  value: T;
  onChange: (value: T) => void;
  columns: string;
}) {
  const labelId = useId();
  return (
    <div>
      <FieldLabel id={labelId} label={label} required help={help} />
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        aria-required="true"
        className={`mt-2 grid gap-2 ${columns}`}
      >
        {options.map((option) => (
          <label
            key={option.value}
            className="group relative flex cursor-pointer flex-col items-center gap-1.5 rounded-xl bg-white px-2 py-3 text-center ring-1 ring-ink-200 transition select-none hover:ring-brand-300 has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.visual}
            <span className="text-sm font-medium text-ink-800 group-has-checked:text-brand-800">
              {option.label}
            </span>
            {/* Read as one name with the caption: "Bannière 16:9" (a flex container shows no space). */}{' '}
            {option.caption && (
              <span className="text-xs font-semibold text-ink-400 tabular-nums group-has-checked:text-brand-600">
                {option.caption}
              </span>
            )}
          </label>
        ))}
      </div>
    </div>
  );
}
