import { useId } from 'react';

/** A labelled slider with its value shown beside the label and read out by screen readers. */
export function RangeField({
  label,
  valueText,
  value,
  min,
  max,
  step,
  onChange,
}: {
  label: string;
  /** The value as shown and announced, e.g. "30 %" or "24 px". */
  valueText: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <div>
      <div className="mb-1 flex items-center justify-between">
        <label htmlFor={id} className="text-sm font-medium text-ink-800">
          {label}
        </label>
        <span className="text-sm text-ink-600 tabular-nums">{valueText}</span>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={valueText}
        onChange={(event) => onChange(Number(event.target.value))}
        className="w-full accent-brand-600"
      />
    </div>
  );
}
