import { useEffect, useRef, useState } from 'react';
import type { GenerationStatus } from '@vitrine/shared/api/generations';
import { isRunning } from '../lib/active-state';

/**
 * True once a generation the page saw running has completed with its result: the result panel then
 * takes keyboard focus. A result already there when the page opens does not. `onArrive` runs at that
 * moment (e.g. to scroll the result into view). `reset` forgets it when the page starts over.
 */
export function useResultArrived(
  status: GenerationStatus | undefined,
  hasResult: boolean,
  onArrive?: () => void,
): [arrived: boolean, reset: () => void] {
  const sawRunning = useRef(false);
  const [arrived, setArrived] = useState(false);
  // Re-run with each render's callback: it acts only on the transition, so a rerun does nothing.
  useEffect(() => {
    if (status && isRunning(status)) sawRunning.current = true;
    if (status === 'completed' && sawRunning.current && hasResult) {
      sawRunning.current = false;
      setArrived(true);
      onArrive?.();
    }
  }, [status, hasResult, onArrive]);
  return [arrived, () => setArrived(false)];
}
