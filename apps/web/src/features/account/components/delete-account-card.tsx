import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { TrashIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { errorDescription } from '../../../lib/error-description';
import { useDeleteAccount } from '../api/delete-account';

/**
 * Deleting the account for good (docs/decisions/072): said plainly what goes, then confirmed in a dialog
 * by typing the account's address and, when it has one, its password. The server checks both again.
 */
export function DeleteAccountCard({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Card
      labelledBy="delete-account-title"
      title={t('account.delete.title')}
      description={t('account.delete.description')}
      icon={<TrashIcon />}
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="max-w-prose text-sm text-ink-600">{t('account.delete.help')}</p>
        <Button variant="danger" className="self-start sm:self-auto" onClick={() => setOpen(true)}>
          <TrashIcon className="size-4.5" />
          {t('account.delete.open')}
        </Button>
      </div>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('account.delete.dialogTitle')}>
        {open && (
          <DeleteAccountForm email={email} hasPassword={hasPassword} onCancel={() => setOpen(false)} />
        )}
      </Dialog>
    </Card>
  );
}

function DeleteAccountForm(props: { email: string; hasPassword: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const navigate = useNavigate();
  const deletion = useDeleteAccount();
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const fields = deletion.error instanceof ApiError ? deletion.error.fields : {};
  const matches = typed.trim().toLowerCase() === props.email.toLowerCase();

  function submit(event: FormEvent) {
    event.preventDefault();
    deletion.mutate(
      { email: typed, ...(props.hasPassword && { password }) },
      {
        onSuccess: () => {
          toast({ title: t('account.delete.deleted'), description: t('account.delete.deletedDescription') });
          void navigate('/', { replace: true });
        },
        onError: (error) => {
          // A field's own message is shown under it.
          if (error instanceof ApiError && Object.keys(error.fields).length) return;
          const title = t('account.delete.failed');
          toast({ title, description: errorDescription(error, title), variant: 'destructive' });
        },
      },
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <p className="text-sm text-ink-700">{t('account.delete.dialogHelp')}</p>
      <TextField
        label={t('account.delete.emailLabel', { email: props.email })}
        type="email"
        autoComplete="off"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        error={fields.email}
        required
      />
      {props.hasPassword && (
        <TextField
          label={t('account.delete.passwordLabel')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fields.password}
          required
        />
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={props.onCancel}>
          {t('account.delete.cancel')}
        </Button>
        <Button
          type="submit"
          variant="danger"
          disabled={!matches || (props.hasPassword && !password) || deletion.isPending}
        >
          {deletion.isPending ? <Spinner /> : <TrashIcon className="size-4.5" />}
          {t(deletion.isPending ? 'account.delete.deleting' : 'account.delete.confirm')}
        </Button>
      </div>
    </form>
  );
}
