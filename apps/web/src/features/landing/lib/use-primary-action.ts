import { useTranslation } from 'react-i18next';
import { PAGE_PATHS } from '@vitrine/shared/routes';
import { useSession } from '../../../lib/session';

/** The hero's and closing section's button: Start Creating to the dashboard when signed in, else Try it free. */
export function usePrimaryAction(): { to: string; label: string } {
  const { t } = useTranslation();
  const signedIn = Boolean(useSession().data);
  return signedIn
    ? { to: PAGE_PATHS.fusion, label: t('landing.hero.startCreating') }
    : { to: PAGE_PATHS.auth, label: t('landing.hero.tryFree') };
}
