import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { CloseIcon } from '../../../components/ui/icons';

/** Where the e-mail confirmation link lands (/?verified=1): says whether it worked and what to do next. */
export function VerificationBanner() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  if (params.get('verified') !== '1') return null;
  const failed = params.has('error');
  return (
    <div
      role={failed ? 'alert' : 'status'}
      className={failed ? 'bg-red-50 text-red-900' : 'bg-emerald-50 text-emerald-900'}
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-6 py-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="font-semibold">{failed ? t('auth.verifyFailedTitle') : t('auth.verifiedTitle')}</p>
          <p className="text-sm">
            {failed ? t('auth.verifyFailedDescription') : t('auth.verifiedDescription')}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <ButtonLink to="/auth">{t('auth.signInButton')}</ButtonLink>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('common.close')}
            onClick={() => setParams({}, { replace: true })}
          >
            <CloseIcon />
          </Button>
        </div>
      </div>
    </div>
  );
}
