/** POST /api/account/delete: the account and everything in it go; the session ends with it. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountInput } from '@vitrine/shared/api/account';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';

export function useDeleteAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) =>
      api<{ status: 'deleted' }>('/api/account/delete', { method: 'POST', json: input }),
    onSuccess: () => {
      // Nothing of the account is kept in the page, and the session is over.
      client.clear();
      client.setQueryData(sessionQueryKey, null);
    },
  });
}
