import { useId } from 'react';

/**
 * A share of 0–1 on a slider, with its label, its current value (read out too) and the words at its
 * two ends ("Nette" … "Douce").
 */
export function LightRange({
  label,
  valueText,
  value,
  minLabel,
  maxLabel,
  muted,
  onChange,
}: {
  label: string;
  valueText: string;
  value: number;
  minLabel: string;
  maxLabel: string;
  /** Shown in grey while the light is automatic: the value is the default's, not a choice. */
  muted: boolean;
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <div>
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-ink-800">
          {label}
        </label>
        <span className="text-sm text-ink-600 tabular-nums">{valueText}</span>
      </div>
      <input
        id={id}
        type="range"
        min={0}
        max={1}
        step={0.05}
        value={value}
        aria-valuetext={valueText}
        onChange={(event) => onChange(Number(event.target.value))}
        className={`mt-1 block h-11 w-full cursor-pointer ${muted ? 'accent-ink-400' : 'accent-brand-600'}`}
      />
      <div aria-hidden="true" className="flex justify-between text-xs text-ink-400">
        <span>{minLabel}</span>
        <span>{maxLabel}</span>
      </div>
    </div>
  );
}
