import { useTranslation } from 'react-i18next';
import { LockIcon } from '../../../components/ui/icons';
import { Notice } from '../../../components/ui/notice';

/** What happens to the user's images, under the pickers. */
export function SecurityNotice() {
  const { t } = useTranslation();
  return (
    <Notice tone="quiet" icon={<LockIcon />} title={t('imagePicker.securityTitle')}>
      {t('imagePicker.securityNotice')}
    </Notice>
  );
}
