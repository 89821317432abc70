import { useId } from 'react';
import { FieldLabel } from './field-label';

type Option = { value: string; label: string };

/** A labelled native select with its required mark, help tooltip and error, tied for screen readers. */
export function SelectField({
  label,
  help,
  required,
  placeholder,
  options,
  value,
  onChange,
  error,
  disabled,
  name,
}: {
  label: string;
  help?: string;
  required?: boolean;
  placeholder?: string;
  options: Option[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
  name?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <FieldLabel htmlFor={id} label={label} required={required} help={help} />
      <div className="relative mt-1.5">
        <select
          id={id}
          name={name}
          value={value}
          required={required}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`block w-full appearance-none rounded-lg border bg-white py-2.5 pr-10 pl-3 text-sm shadow-xs transition outline-none focus-visible:outline-none disabled:cursor-not-allowed disabled:bg-ink-50 ${
            value === '' ? 'text-ink-400' : 'text-ink-900'
          } ${
            error
              ? 'border-red-500 focus:ring-2 focus:ring-red-600'
              : 'border-ink-200 focus:border-brand-600 focus:ring-2 focus:ring-brand-600'
          }`}
        >
          {placeholder !== undefined && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {options.map((option) => (
            <option key={option.value} value={option.value} className="text-ink-900">
              {option.label}
            </option>
          ))}
        </select>
        <svg
          viewBox="0 0 20 20"
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-ink-400"
        >
          <path
            d="m5 7.5 5 5 5-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        </svg>
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
