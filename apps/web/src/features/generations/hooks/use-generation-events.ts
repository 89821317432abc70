/**
 * Live updates (spec section 4, realtime): one EventSource on /api/events while the dashboard is open.
 * `snapshot` resets the live list (and, on a reconnection, refreshes what may have been missed);
 * `generation` updates it, and a finished generation shows its toast and refreshes history and usage.
 */
import { useEffect, useEffectEvent, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GenerationEvent } from '@vitrine/shared/api/generations';
import { useToast } from '../../../components/ui/toast';
import { activeGenerationsQueryKey } from '../api/get-active-generations';
import { wasCancelledHere } from '../api/cancel-all';
import { generationQueryKey } from '../api/get-generation';
import { historyQueryKey } from '../api/get-history';
import { statsQueryKey } from '../api/get-stats';
import { usageQueryKey } from '../../billing/api/get-usage';
import {
  applyGeneration,
  fromActiveResponse,
  outcomeOf,
  parseGenerationEvent,
  parseSnapshot,
  type ActiveState,
} from '../lib/active-state';

/** EventSource retries by itself after a network drop; a refused connection closes it, so we retry. */
const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 60_000;

export function useGenerationEvents() {
  const client = useQueryClient();
  const { t } = useTranslation();
  const { toast } = useToast();
  const toasted = useRef(new Set<string>());

  const onSnapshot = useEffectEvent((data: string, reconnected: boolean) => {
    const snapshot = parseSnapshot(data);
    if (!snapshot) return;
    client.setQueryData<ActiveState>(activeGenerationsQueryKey, fromActiveResponse(snapshot, Date.now()));
    if (reconnected) {
      // Generations may have finished while the stream was down.
      for (const key of [usageQueryKey, historyQueryKey, statsQueryKey, ['generations', 'detail']]) {
        void client.invalidateQueries({ queryKey: key });
      }
    }
  });

  const onGeneration = useEffectEvent((event: GenerationEvent) => {
    const outcome = outcomeOf(event);
    // A generation seen ending here is not shown running again by a change told late.
    if (!outcome && toasted.current.has(event.id)) return;
    client.setQueryData<ActiveState>(activeGenerationsQueryKey, (state) =>
      applyGeneration(state, event, Date.now()),
    );
    if (!outcome) return;
    void client.invalidateQueries({ queryKey: generationQueryKey(event.id) });
    void client.invalidateQueries({ queryKey: usageQueryKey });
    if (outcome === 'completed') {
      void client.invalidateQueries({ queryKey: historyQueryKey });
      void client.invalidateQueries({ queryKey: statsQueryKey });
    }
    if (toasted.current.has(event.id)) return;
    toasted.current.add(event.id);
    if (outcome === 'completed') {
      toast({
        group: 'generation',
        title: t('generate.completed'),
        description: t('generate.completedDescription'),
      });
    } else if (!wasCancelledHere(event.id)) {
      toast({
        group: 'generation',
        variant: 'destructive',
        title: t('common.error'),
        description: event.errorMessage?.trim() || t('generations.failed'),
      });
    }
  });

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryDelay = RETRY_MIN_MS;
    let connections = 0;

    const connect = () => {
      const current = new EventSource('/api/events');
      source = current;
      current.addEventListener('open', () => {
        connections += 1;
        retryDelay = RETRY_MIN_MS;
      });
      current.addEventListener('snapshot', (message) => onSnapshot(message.data, connections > 1));
      current.addEventListener('generation', (message) => {
        const event = parseGenerationEvent(message.data);
        if (event) onGeneration(event);
      });
      current.addEventListener('error', () => {
        if (current.readyState !== EventSource.CLOSED) return;
        retryTimer = setTimeout(connect, retryDelay);
        retryDelay = Math.min(RETRY_MAX_MS, retryDelay * 2);
      });
    };
    connect();
    return () => {
      clearTimeout(retryTimer);
      source?.close();
    };
  }, []);
}
