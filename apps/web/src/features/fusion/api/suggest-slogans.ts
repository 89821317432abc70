/** POST /api/copy/slogans: three slogan suggestions from what the Fusion form holds. */
import { useMutation } from '@tanstack/react-query';
import type { SloganSuggestionsBody, SloganSuggestionsResponse } from '@vitrine/shared/api/copy';
import { api } from '../../../lib/api-client';

export function suggestSlogans(body: SloganSuggestionsBody): Promise<SloganSuggestionsResponse> {
  return api<SloganSuggestionsResponse>('/api/copy/slogans', { method: 'POST', json: body });
}

export function useSuggestSlogans() {
  return useMutation({ mutationFn: suggestSlogans });
}
