import { useId, type ComponentProps } from 'react';

type Props = ComponentProps<'input'> & { label: string; error?: string; hint?: string };

/** A labelled input with its error (or hint) underneath, tied to it for screen readers. */
export function TextField({ label, error, hint, required, readOnly, className = '', ...input }: Props) {
  const id = useId();
  const noteId = `${id}-note`;
  const note = error ?? hint;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-ink-800">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-red-600">
            *
          </span>
        )}
      </label>
      <input
        {...input}
        id={id}
        required={required}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? noteId : undefined}
        className={`mt-1.5 block w-full rounded-lg border px-3 py-2.5 text-sm shadow-xs transition outline-none placeholder:text-ink-400 focus-visible:outline-none ${
          error
            ? 'border-red-500 focus:ring-2 focus:ring-red-600'
            : 'border-ink-200 focus:border-brand-600 focus:ring-2 focus:ring-brand-600'
        } ${readOnly ? 'cursor-default bg-ink-50 text-ink-600' : 'bg-white text-ink-900'}`}
      />
      {note && (
        <p id={noteId} className={`mt-1.5 text-sm ${error ? 'text-red-600' : 'text-ink-400'}`}>
          {note}
        </p>
      )}
    </div>
  );
}
