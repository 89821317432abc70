import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { useSession, useSignOut } from '../../auth/api/session';

/** Top-bar account corner: a greeting with the e-mail and Sign Out when signed in, else Get Started. */
export function HeaderAccount() {
  const { t } = useTranslation();
  const session = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  if (session.isPending) return <span className="text-sm text-ink-400">{t('common.loading')}</span>;
  if (!session.data) return <ButtonLink to="/auth">{t('common.getStarted')}</ButtonLink>;
  return (
    <div className="flex items-center gap-3">
      <span className="hidden text-sm text-ink-600 sm:inline">
        {t('common.hello', { email: session.data.user.email })}
      </span>
      <ButtonLink to="/dashboard" variant="secondary">
        {t('common.dashboard')}
      </ButtonLink>
      <Button
        variant="ghost"
        onClick={() => signOut.mutate(undefined, { onSettled: () => void navigate('/') })}
      >
        {t('common.signOut')}
      </Button>
    </div>
  );
}
