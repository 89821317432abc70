/**
 * The result area of a page that starts generations (Fusion, Express): the generation the page started
 * and follows, its result once it has completed, and whether that result has just arrived.
 */
import { useRef } from 'react';
import type { GenerationMode } from '@vitrine/shared/api/generations';
import { scrollBehavior } from '../../../lib/scroll-behavior';
import { useGeneration } from '../api/get-generation';
import { useGenerationStarter } from './use-generation-starter';
import { useResultArrived } from './use-result-arrived';

export function useResultArea<M extends GenerationMode>(mode: M) {
  const starter = useGenerationStarter(mode);
  const detail = useGeneration(starter.trackedId);
  const generation = detail.data?.generation;
  const result = generation?.status === 'completed' ? (detail.data?.result ?? null) : null;
  // The result takes a place the user may have scrolled past: when the awaited one arrives, it is
  // brought into view and keyboard focus moves to its title. A result already there when the page
  // opens stays as it is.
  const resultRef = useRef<HTMLDivElement>(null);
  const [arrived, resetArrived] = useResultArrived(generation?.status, Boolean(result), () =>
    resultRef.current?.scrollIntoView({ behavior: scrollBehavior(), block: 'start' }),
  );
  /** Follows no generation any more, and forgets that one arrived: the page starts over. */
  const reset = () => {
    starter.track(null);
    resetArrived();
  };
  return { starter, detail, generation, result, resultRef, arrived, reset };
}

type AreaOfAnyMode = ReturnType<typeof useResultArea>;

/** What the result area shows from, whatever the mode (starting a generation is the page's). */
export type ResultAreaState = Pick<AreaOfAnyMode, 'detail' | 'result' | 'resultRef' | 'arrived'> & {
  starter: Pick<AreaOfAnyMode['starter'], 'trackedId' | 'track'>;
};
