import { useId, type ReactNode } from 'react';

/**
 * An on/off choice: a switch with its label and a line saying what it does. The whole row toggles it;
 * screen readers hear a switch named by the label and described by the line.
 */
export function SwitchField({
  label,
  description,
  checked,
  onChange,
  name,
}: {
  label: string;
  description?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  name?: string;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3 rounded-xl bg-ink-50 px-4 py-3 ring-1 ring-ink-100">
      <input
        id={id}
        name={name}
        type="checkbox"
        role="switch"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={description ? `${id}-description` : undefined}
        className="mt-0.5 size-5 shrink-0 accent-brand-600"
      />
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-ink-900">
          {label}
        </label>
        {description && (
          <p id={`${id}-description`} className="mt-0.5 text-sm text-ink-600">
            {description}
          </p>
        )}
      </div>
    </div>
  );
}
