import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PRODUCT_NAME_MAX_LENGTH,
  SLOGAN_MAX_LENGTH,
  TAGLINE_MAX_LENGTH,
} from '@vitrine/shared/api/generation';
import { currentLang } from '../../../lib/current-lang';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { errorDescription } from '../../../lib/error-description';
import { useSuggestSlogans } from '../api/suggest-slogans';
import type { FusionSettings } from '../lib/fusion-form';
import { CopyField, copyLength } from '../../../components/ui/copy-field';
import { SloganSuggestions } from './slogan-suggestions';

/** The main slogan with its Suggest button: three suggestions from what the form holds, one to pick. */
export function SloganField({
  settings,
  onChange,
  error,
}: {
  settings: FusionSettings;
  onChange: (slogan: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const suggest = useSuggestSlogans();
  const [suggestions, setSuggestions] = useState<string[] | null>(null);
  const input = useRef<HTMLInputElement>(null);

  function ask() {
    suggest.mutate(
      {
        style: settings.style,
        palette: settings.palette,
        typography: settings.typography,
        // A line over its limit is refused by the form; suggestions are asked without it.
        slogan: (copyLength(settings.slogan) <= SLOGAN_MAX_LENGTH && settings.slogan.trim()) || undefined,
        tagline: (copyLength(settings.tagline) <= TAGLINE_MAX_LENGTH && settings.tagline.trim()) || undefined,
        productName:
          (copyLength(settings.productName) <= PRODUCT_NAME_MAX_LENGTH && settings.productName.trim()) ||
          undefined,
        language: currentLang(),
      },
      {
        onSuccess: (answer) => setSuggestions(answer.suggestions),
        onError: (failure) => {
          const title = t('fusion.suggestFailed');
          toast({ variant: 'destructive', title, description: errorDescription(failure, title) });
        },
      },
    );
  }

  const close = () => {
    setSuggestions(null);
    input.current?.focus();
  };

  return (
    <CopyField
      label={t('fusion.slogan')}
      help={t('fusion.sloganHelp')}
      placeholder={t('fusion.sloganPlaceholder')}
      value={settings.slogan}
      onChange={onChange}
      maxLength={SLOGAN_MAX_LENGTH}
      error={error}
      inputRef={input}
      action={
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0"
          busy={suggest.isPending}
          disabled={suggest.isPending}
          aria-label={t('fusion.suggestLabel')}
          onClick={ask}
        >
          {t('fusion.suggest')}
        </Button>
      }
    >
      <p aria-live="polite" className="sr-only">
        {suggestions ? t('fusion.suggestionsReady', { count: suggestions.length }) : ''}
      </p>
      {suggestions && suggestions.length > 0 && (
        <SloganSuggestions
          suggestions={suggestions}
          onClose={close}
          onPick={(slogan) => {
            onChange(slogan);
            close();
          }}
        />
      )}
    </CopyField>
  );
}
