/** The calls that change the session (lib/session.ts reads it): sign-in, sign-up, sign-out, passwords. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthProvidersResponse, SignInInput, SignUpInput } from '@vitrine/shared/api/auth';
import { api } from '../../../lib/api-client';
import { browserStorage } from '../../../lib/browser-storage';
import { sessionQueryKey } from '../../../lib/session';

/** Written when a tab signs out: the browser's other tabs hear of it (a `storage` event) and check theirs. */
export const SIGNED_OUT_KEY = 'vitrine.signedOut';

function announceSignOut() {
  try {
    browserStorage()?.setItem(SIGNED_OUT_KEY, String(Date.now()));
  } catch {
    // Storage full or refused: the other tabs find out at their next session check.
  }
}

export function useProviders() {
  return useQuery({
    queryKey: ['auth-providers'],
    queryFn: () => api<AuthProvidersResponse>('/api/auth/providers'),
    staleTime: Infinity,
  });
}

export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) =>
      api<{ user: { id: string; email: string } }>('/api/auth/sign-in', { method: 'POST', json: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

export function useSignUp() {
  return useMutation({
    mutationFn: (input: SignUpInput) =>
      api<{ status: string }>('/api/auth/sign-up', { method: 'POST', json: input }),
  });
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ status: string }>('/api/auth/sign-out', { method: 'POST', json: {} }),
    onSettled: () => {
      client.setQueryData(sessionQueryKey, null);
      announceSignOut();
    },
  });
}

/** Ends every session of the account, this one included. */
export function useSignOutEverywhere() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ status: string }>('/api/auth/sign-out-everywhere', { method: 'POST', json: {} }),
    onSuccess: () => {
      client.setQueryData(sessionQueryKey, null);
      announceSignOut();
    },
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) =>
      api<{ status: string }>('/api/auth/password/forgot', { method: 'POST', json: { email } }),
  });
}

/** Whether the reset link at hand still works: asked once when its page opens. */
export function useResetLinkCheck(token: string) {
  return useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => api<{ status: string }>('/api/auth/password/check', { method: 'POST', json: { token } }),
    enabled: token !== '',
    retry: false,
    // Asked again whenever the page opens: a link used meanwhile says so.
    staleTime: 0,
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      api<{ status: string }>('/api/auth/password/reset', { method: 'POST', json: input }),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) =>
      api<{ status: string }>('/api/auth/verification/resend', { method: 'POST', json: { email } }),
  });
}
