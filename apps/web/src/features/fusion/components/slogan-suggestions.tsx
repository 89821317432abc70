import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/**
 * The suggestions under the slogan field: one button per line, picking one fills the field. Focus
 * moves to the first suggestion when they arrive; Escape closes the list and returns to the field.
 */
export function SloganSuggestions({
  suggestions,
  onPick,
  onClose,
}: {
  suggestions: string[];
  onPick: (slogan: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), [suggestions]);
  return (
    <div
      role="group"
      aria-labelledby={titleId}
      className="mt-2 rounded-lg border border-brand-200 bg-brand-50/60 p-2"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <div className="flex items-center justify-between gap-2 px-1 pb-1">
        <p id={titleId} className="text-xs font-medium text-ink-600">
          {t('fusion.suggestionsTitle')}
        </p>
        <Button variant="ghost" size="sm" onClick={onClose}>
          {t('common.close')}
        </Button>
      </div>
      <ul className="flex flex-col gap-1.5">
        {suggestions.map((suggestion, index) => (
          <li key={suggestion}>
            <button
              ref={index === 0 ? first : undefined}
              type="button"
              onClick={() => onPick(suggestion)}
              aria-label={t('fusion.suggestionPick', { slogan: suggestion })}
              className="block w-full rounded-md border border-ink-200 bg-white px-3 py-2 text-left text-sm break-words text-ink-900 shadow-xs transition hover:border-brand-500 focus-visible:border-brand-500 focus-visible:ring-3 focus-visible:ring-brand-500/30 focus-visible:outline-none"
            >
              {suggestion}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
