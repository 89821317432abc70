import { useTranslation } from 'react-i18next';
import { LockIcon } from '../../../components/ui/icons';

/** What happens to the user's images, under the pickers. */
export function SecurityNotice() {
  const { t } = useTranslation();
  return (
    <div className="flex gap-3 rounded-xl bg-ink-50 px-4 py-3 text-sm ring-1 ring-ink-100">
      <LockIcon className="mt-0.5 size-5 text-emerald-600" />
      <div>
        <p className="font-semibold text-ink-900">{t('imagePicker.securityTitle')}</p>
        <p className="mt-0.5 text-ink-600">{t('imagePicker.securityNotice')}</p>
      </div>
    </div>
  );
}
