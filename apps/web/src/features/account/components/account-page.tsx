import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { BrandCard } from '../../brand/components/brand-card';
import { useProfile } from '../api/get-profile';
import { DeleteAccountCard } from './delete-account-card';
import { PersonalInfoCard } from './personal-info-card';
import { PlanCard } from './plan-card';
import { SecurityCard } from './security-card';

/**
 * Spec section 2, Account page: personal information, the brand kit, the plan, security, and deleting
 * the account (decision 072).
 */
export function AccountPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  useDocumentTitle(t('account.title'));

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">{t('account.title')}</h1>
        <p className="mt-1 text-ink-600">{t('account.subtitle')}</p>
      </div>
      {profile.isPending ? (
        <AccountSkeleton label={t('account.loading')} />
      ) : profile.isError ? (
        <div role="alert" className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-ink-100">
          <p className="font-medium text-ink-900">{t('account.loadFailed')}</p>
          <Button variant="secondary" size="sm" className="mt-4" onClick={() => void profile.refetch()}>
            {t('account.retry')}
          </Button>
        </div>
      ) : (
        <>
          <PersonalInfoCard data={profile.data} />
          <BrandCard />
          <PlanCard />
          <SecurityCard email={profile.data.email} />
          <DeleteAccountCard email={profile.data.email} hasPassword={profile.data.hasPassword} />
        </>
      )}
    </div>
  );
}

function AccountSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-6">
      {[0, 1].map((card) => (
        <div key={card} className="animate-pulse rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-100">
          <div className="h-5 w-48 rounded bg-ink-100" />
          <div className="mt-6 grid gap-5 sm:grid-cols-2">
            {[0, 1, 2, 3].map((row) => (
              <div key={row} className="h-10 rounded bg-ink-50" />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
