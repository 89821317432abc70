/** PATCH /api/profile with the fields that changed; the server answers with the whole profile. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateInput } from '@vitrine/shared/api/auth';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';
import { profileQueryKey, type ProfileResponse } from './get-profile';

export function updateProfile(changes: Partial<ProfileUpdateInput>): Promise<ProfileResponse> {
  return api<ProfileResponse>('/api/profile', { method: 'PATCH', json: changes });
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (saved) => {
      // The answer is shown at once; both queries are still marked stale because the session carries
      // the profile too, and a concurrent change elsewhere should not linger.
      client.setQueryData(profileQueryKey, saved);
      void client.invalidateQueries({ queryKey: profileQueryKey });
      void client.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
