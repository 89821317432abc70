/** GET /api/profile: the signed-in user's profile, with the e-mail and registration date beside it. */
import { useQuery } from '@tanstack/react-query';
import type { Profile } from '@vitrine/shared/api/auth';
import { api } from '../../../lib/api-client';

export type ProfileResponse = { email: string; createdAt: string; profile: Profile; hasPassword: boolean };

export const profileQueryKey = ['profile'] as const;

export function getProfile(): Promise<ProfileResponse> {
  return api<ProfileResponse>('/api/profile');
}

export function useProfile() {
  return useQuery({ queryKey: profileQueryKey, queryFn: getProfile });
}
