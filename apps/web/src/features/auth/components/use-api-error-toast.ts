import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';

/** The spec's auth-screen error notice: 'Erreur' with the server's (translated) message. */
export function useApiErrorToast() {
  const { t } = useTranslation();
  const { toast } = useToast();
  return (error: unknown) =>
    toast({
      variant: 'destructive',
      title: t('common.error'),
      description:
        error instanceof ApiError && error.code !== 'NETWORK_ERROR'
          ? error.message
          : t('common.genericError'),
      // A second failure replaces the first's notice rather than stacking another.
      group: 'auth',
    });
}
