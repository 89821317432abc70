/** The current session (GET /api/auth/session): who is signed in, read by every part of the app. */
import { useQuery } from '@tanstack/react-query';
import type { SessionResponse } from '@vitrine/shared/api/auth';
import { api, ApiError } from './api-client';

export const sessionQueryKey = ['session'] as const;

/** null when signed out (no cookie: null; an ended session: 401); an error only for real failures. */
async function fetchSession(): Promise<SessionResponse | null> {
  try {
    return await api<SessionResponse>('/api/auth/session');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useSession() {
  return useQuery({ queryKey: sessionQueryKey, queryFn: fetchSession, staleTime: 60_000, retry: false });
}
