import { useCallback, useState } from 'react';
import type { GenerationMode } from '@vitrine/shared/api/generations';

const storageKey = (mode: GenerationMode) => `vitrine.trackedGeneration.${mode}`;

function read(mode: GenerationMode): string | null {
  try {
    return sessionStorage.getItem(storageKey(mode));
  } catch {
    return null;
  }
}

function write(mode: GenerationMode, id: string | null) {
  try {
    if (id) sessionStorage.setItem(storageKey(mode), id);
    else sessionStorage.removeItem(storageKey(mode));
  } catch {
    // Storage can be refused (private mode): the page still works, it just forgets on reload.
  }
}

/**
 * The generation a page started and waits for, so its result shows when it completes, also after the
 * user went to another page or reloaded this tab.
 */
export function useTrackedGeneration(mode: GenerationMode) {
  const [id, setId] = useState(() => read(mode));
  const track = useCallback(
    (next: string | null) => {
      write(mode, next);
      setId(next);
    },
    [mode],
  );
  return [id, track] as const;
}
