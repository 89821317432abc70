import { useId, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldLabel } from './field-label';

/** The length the form's check counts: the text as sent, NFC-normalised and trimmed. */
export const copyLength = (value: string) => value.normalize('NFC').trim().length;

/**
 * An optional line of copy for the image (slogan, tagline), with its character count; `action` sits
 * beside the input (e.g. a Suggest button) and `children` under it. Text over `maxLength` is kept as
 * typed or pasted (a browser's maxlength would cut it silently, mid-word): the count turns red and
 * the form refuses it with the field's error.
 */
export function CopyField({
  label,
  help,
  placeholder,
  value,
  onChange,
  maxLength,
  error,
  action,
  children,
  inputRef,
}: {
  label: string;
  help: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  error?: string;
  action?: ReactNode;
  children?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const noteId = `${id}-note`;
  const over = copyLength(value) > maxLength;
  return (
    <div>
      <FieldLabel htmlFor={id} label={label} help={help} optional />
      <div className="mt-1.5 flex items-stretch gap-2">
        <input
          ref={inputRef}
          id={id}
          type="text"
          value={value}
          placeholder={placeholder}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error || over ? true : undefined}
          aria-describedby={noteId}
          className={`block w-full min-w-0 flex-1 rounded-lg border bg-white px-3 py-2.5 text-sm text-ink-900 shadow-xs transition outline-none placeholder:text-ink-400 focus-visible:outline-none ${
            error || over
              ? 'border-red-500 focus:ring-2 focus:ring-red-600'
              : 'border-ink-200 focus:border-brand-600 focus:ring-2 focus:ring-brand-600'
          }`}
        />
        {action}
      </div>
      {children}
      <p id={noteId} className="mt-1 flex justify-between gap-3 text-xs">
        <span className="text-red-600">{error}</span>
        <span className={`tabular-nums ${over ? 'font-semibold text-red-600' : 'text-ink-400'}`}>
          {t('generate.characterCount', { count: copyLength(value), max: maxLength })}
        </span>
      </p>
    </div>
  );
}
