import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldLabel } from '../../../components/ui/field-label';

/** An optional line of copy for the image (slogan, tagline), with its character count. */
export function CopyField({
  label,
  help,
  placeholder,
  value,
  onChange,
  maxLength,
  error,
}: {
  label: string;
  help: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  error?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <div>
      <FieldLabel htmlFor={id} label={label} help={help} optional />
      <input
        id={id}
        type="text"
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={noteId}
        className={`mt-1.5 block w-full rounded-lg border bg-white px-3 py-2.5 text-sm text-ink-900 shadow-xs transition outline-none placeholder:text-ink-400 focus-visible:outline-none ${
          error
            ? 'border-red-500 focus:ring-3 focus:ring-red-500/20'
            : 'border-ink-200 focus:border-brand-500 focus:ring-3 focus:ring-brand-500/20'
        }`}
      />
      <p id={noteId} className="mt-1 flex justify-between gap-3 text-xs">
        <span className="text-red-600">{error}</span>
        <span className="text-ink-400 tabular-nums">
          {t('generate.characterCount', { count: value.length, max: maxLength })}
        </span>
      </p>
    </div>
  );
}
