/** PUT /api/history/:id/selected-image: the variant the user picked becomes the result's image. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GenerationDetail, GenerationResult, HistoryResponse } from '@vitrine/shared/api/generations';
import { api } from '../../../lib/api-client';
import { generationQueryKey } from './get-generation';
import { historyQueryKey } from './get-history';

type Choice = { resultId: string; index: number };

export function useSelectImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ resultId, index }: Choice) =>
      api<GenerationResult>(`/api/history/${encodeURIComponent(resultId)}/selected-image`, {
        method: 'PUT',
        json: { index },
      }),
    // Picks are sent one after another, so the last one made is the one stored.
    scope: { id: 'select-image' },
    onSuccess: (result) => {
      // Only the selection changes: the images keep their links (a new signature would load them again).
      const withPick = (item: GenerationResult) =>
        item.id === result.id ? { ...item, selectedImage: result.selectedImage } : item;
      client.setQueryData<HistoryResponse>(
        historyQueryKey,
        (data) => data && { items: data.items.map(withPick) },
      );
      if (result.backgroundGenerationId) {
        client.setQueryData<GenerationDetail>(
          generationQueryKey(result.backgroundGenerationId),
          (detail) => detail && { ...detail, result: detail.result && withPick(detail.result) },
        );
      }
    },
  });
}
