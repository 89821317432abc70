import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkImageUrl, URL_MAX_LENGTH } from '@vitrine/shared/validation/image-url';
import { Button } from '../../../components/ui/button';

/**
 * An image by its web address, checked in the browser with the shared rules (HTTPS, no private network,
 * an image) before the server fetches it.
 */
export function UrlImportForm({
  label,
  text,
  onTextChange,
  onImport,
  invalid,
  disabled,
}: {
  label: string;
  /** Kept by the picker, so a failed import leaves the address there to correct. */
  text: string;
  onTextChange: (text: string) => void;
  onImport: (url: URL) => void;
  invalid: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkImageUrl(text);
    if (!checked.ok) {
      setError(t(checked.error));
      return;
    }
    setError(null);
    onImport(checked.url);
  }

  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={submit}
      className={`flex aspect-[4/3] flex-col justify-center gap-3 rounded-xl border-2 border-dashed px-4 py-4 ${
        invalid ? 'border-red-300 bg-red-50/40' : 'border-ink-200 bg-ink-50/60'
      }`}
    >
      <label htmlFor={id} className="text-sm font-medium text-ink-800">
        {t('imagePicker.urlLabel')}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          data-picker-start
          id={id}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          maxLength={URL_MAX_LENGTH + 64}
          value={text}
          disabled={disabled}
          placeholder={t('imagePicker.urlPlaceholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            onTextChange(event.target.value);
            setError(null);
          }}
          className={`min-w-0 flex-1 rounded-lg border bg-white px-3 py-2 text-sm shadow-xs outline-none placeholder:text-ink-400 focus-visible:outline-none ${
            error
              ? 'border-red-500 focus:ring-2 focus:ring-red-600'
              : 'border-ink-200 focus:border-brand-600 focus:ring-2 focus:ring-brand-600'
          }`}
        />
        <Button type="submit" size="sm" disabled={disabled}>
          {t('imagePicker.urlSubmit')}
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      )}
    </form>
  );
}
