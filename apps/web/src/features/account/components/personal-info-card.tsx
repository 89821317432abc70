import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PencilIcon, UserIcon } from '../../../components/ui/icons';
import type { ProfileResponse } from '../api/get-profile';
import { ProfileDetails } from './profile-details';
import { ProfileForm } from './profile-form';

export function PersonalInfoCard({ data }: { data: ProfileResponse }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Leaving edit mode removes the focused form: keyboard users land back on the Edit button.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  return (
    <Card
      labelledBy="personal-info-title"
      title={t('account.profile.title')}
      description={t('account.profile.description')}
      icon={<UserIcon />}
      actions={
        !editing && (
          <Button ref={editButton} variant="secondary" size="sm" onClick={() => setEditing(true)}>
            <PencilIcon className="size-4" />
            {t('account.profile.edit')}
          </Button>
        )
      }
    >
      {editing ? (
        <ProfileForm data={data} onDone={() => setEditing(false)} />
      ) : (
        <ProfileDetails data={data} />
      )}
    </Card>
  );
}
