/**
 * Starting a generation from a page (spec sections 2, 4 and 8): the request, its toasts, the limit state
 * on 402, and the id of the generation the page then waits for.
 */
import { useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GenerationMode, Usage } from '@vitrine/shared/api/generations';
import { useToast } from '../../../components/ui/toast';
import { messageText } from '../../../lib/message-line';
import { usageQueryKey } from '../../billing/api/get-usage';
import { useStartGeneration, type StartInput } from '../api/start-generation';
import { durationText } from '../lib/progress';
import { startErrorToast } from '../lib/start-error';
import { useTrackedGeneration } from './use-tracked-generation';

type BodyOf<M extends GenerationMode> = Extract<StartInput, { mode: M }>['body'];

export function useGenerationStarter<M extends GenerationMode>(mode: M) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const client = useQueryClient();
  const mutation = useStartGeneration();
  const [trackedId, track] = useTrackedGeneration(mode);

  // A double click sends one request. The pending flag arrives with the next render, after a second
  // click has already landed; and mutate() runs only the last call's callbacks, so the first request's
  // generation (started and charged) was never followed, its result never shown.
  const sending = useRef(false);

  function start(body: BodyOf<M>, onStarted?: () => void) {
    if (sending.current) return;
    sending.current = true;
    mutation.mutate({ mode, body } as StartInput, {
      onSettled: () => {
        sending.current = false;
      },
      onSuccess: ({ generation }) => {
        track(generation.id);
        const duration = durationText(generation.estimatedSecondsLeft);
        toast({
          // "Started", then "generated" or "failed", replace each other: one notice per generation.
          group: 'generation',
          title: t('generate.started'),
          description: t('generate.startedDescription', {
            duration: t(duration.key, { count: duration.count }),
          }),
        });
        onStarted?.();
      },
      onError: (error) => {
        const notice = startErrorToast(error);
        if (notice.kind === 'credits') {
          // The spec's limit flag: the button turns to 'Limit reached' until fresh usage says otherwise.
          client.setQueryData<Usage>(usageQueryKey, (usage) =>
            usage ? { ...usage, canGenerate: false, remaining: 0 } : usage,
          );
        }
        toast({
          variant: 'destructive',
          title: t(notice.title),
          description: messageText(t, notice.description),
        });
      },
    });
  }

  return { start, starting: mutation.isPending, trackedId, track };
}
