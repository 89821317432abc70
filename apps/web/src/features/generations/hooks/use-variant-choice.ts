/** The variant shown and chosen, kept on the server as the result's image as soon as it is picked. */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GenerationResult } from '@vitrine/shared/api/generations';
import { useToast } from '../../../components/ui/toast';
import { useSelectImage } from '../api/select-image';
import { initialImageIndex } from '../../../lib/result-images';

export function useVariantChoice(result: GenerationResult) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const [selected, setSelected] = useState(() => initialImageIndex(result));
  // The pick the server holds: a pick it could not store is sent again when the same variant is tapped.
  const stored = useRef(selected);
  const select = useSelectImage();

  function pick(index: number) {
    setSelected(index);
    if (index === stored.current && !select.isPending) return;
    select.mutate(
      { resultId: result.id, index },
      {
        onSuccess: () => (stored.current = index),
        onError: () =>
          toast({
            variant: 'destructive',
            title: t('result.selectFailed'),
            description: t('result.selectFailedDescription'),
          }),
      },
    );
  }

  return { selected, pick };
}
