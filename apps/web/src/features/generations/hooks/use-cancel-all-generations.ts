import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast';
import { errorDescription } from '../../../lib/error-description';
import { useCancelAll } from '../api/cancel-all';

/** Cancel-all with the spec's toasts: 'Générations annulées', or 'Erreur' / 'Impossible d'annuler…'. */
export function useCancelAllGenerations() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const mutation = useCancelAll();

  function cancelAll() {
    mutation.mutate(undefined, {
      onSuccess: ({ cancelled }) =>
        toast({
          title: t('generate.cancelled'),
          description: t('generate.cancelledDescription', { count: cancelled }),
        }),
      onError: (error) => {
        const description = t('generate.cancelFailed');
        toast({
          variant: 'destructive',
          title: t('common.error'),
          description: [description, errorDescription(error, description)].filter(Boolean).join(' '),
        });
      },
    });
  }

  return { cancelAll, cancelling: mutation.isPending };
}
