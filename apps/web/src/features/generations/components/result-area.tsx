import type { ReactNode } from 'react';
import type { ResultAreaState } from '../hooks/use-result-area';
import { focusGenerateButton } from './generate-controls';
import { ResultLoading } from './result-loading';
import { ResultPanel } from './result-panel';

/**
 * Where a page that starts generations (Fusion, Express) shows the one it started: the result panel
 * once the result is there, its loading state while it is fetched, else what the page puts there
 * (`children`: the form, a progress card, a placeholder). Back from the result goes to the generate
 * button; `onNew` starts the page over.
 */
export function ResultArea({
  area,
  onNew,
  children,
}: {
  area: ResultAreaState;
  onNew: () => void;
  children: ReactNode;
}) {
  const { starter, detail, result, resultRef, arrived } = area;
  if (result)
    return (
      // Below the header, however tall its notices make it (the page's scroll padding).
      <div ref={resultRef} className="scroll-mt-4">
        <ResultPanel
          // Another result is another pick, view and focus.
          key={result.id}
          result={result}
          onBack={() => {
            starter.track(null);
            focusGenerateButton();
          }}
          onNew={onNew}
          focusOnShow={arrived}
        />
      </div>
    );
  if (starter.trackedId && detail.isPending) return <ResultLoading />;
  return children;
}
