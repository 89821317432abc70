import { useId } from 'react';
import { FieldLabel } from '../../../components/ui/field-label';

/**
 * A choice among two or three short options, side by side: native radio buttons (arrow keys move
 * between them) inside a labelled radio group, each at least 44 px high for a finger.
 */
export function SegmentedRadios<T extends string>({
  name,
  label,
  help,
  options,
  value,
  onChange,
}: {
  name: string;
  label: string;
  help?: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  const labelId = useId();
  return (
    <div>
      <FieldLabel id={labelId} label={label} help={help} />
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        className="mt-2 flex flex-wrap gap-1 rounded-xl bg-ink-50 p-1 ring-1 ring-ink-100"
      >
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 flex-1 cursor-pointer items-center justify-center rounded-lg px-3 py-2 text-center text-sm font-medium text-ink-600 transition select-none hover:text-ink-900 has-checked:bg-white has-checked:text-brand-700 has-checked:shadow-sm has-checked:ring-1 has-checked:ring-brand-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
    </div>
  );
}
