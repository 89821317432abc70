/** POST /api/generations/fusion and /express: start a generation; the answer updates usage and the live list. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExpressStartBody, FusionStartBody, StartResponse } from '@vitrine/shared/api/generations';
import { api } from '../../../lib/api-client';
import { applyGeneration, type ActiveState } from '../lib/active-state';
import { activeGenerationsQueryKey } from './get-active-generations';
import { usageQueryKey } from '../../billing/api/get-usage';
import { generationQueryKey } from './get-generation';

export type StartInput =
  { mode: 'fusion'; body: FusionStartBody } | { mode: 'express'; body: ExpressStartBody };

export function startGeneration(input: StartInput): Promise<StartResponse> {
  return api<StartResponse>(`/api/generations/${input.mode}`, { method: 'POST', json: input.body });
}

export function useStartGeneration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startGeneration,
    onSuccess: ({ generation, usage }) => {
      client.setQueryData(usageQueryKey, usage);
      client.setQueryData<ActiveState>(activeGenerationsQueryKey, (state) =>
        applyGeneration(state, generation, Date.now()),
      );
      client.setQueryData(generationQueryKey(generation.id), { generation, result: null });
    },
    onError: () => {
      // A refusal (no credit left, another generation running) means our copies are out of date.
      void client.invalidateQueries({ queryKey: usageQueryKey });
      void client.invalidateQueries({ queryKey: activeGenerationsQueryKey });
    },
  });
}
