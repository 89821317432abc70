import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { buttonClasses } from '../../../components/ui/button-styles';
import { AlertIcon, ClockIcon, CloseIcon, SparklesIcon } from '../../../components/ui/icons';
import { Notice } from '../../../components/ui/notice';
import { useActiveGenerations } from '../api/get-active-generations';
import { useUsage } from '../../billing/api/get-usage';
import { useCancelAllGenerations } from '../hooks/use-cancel-all-generations';
import { useNow } from '../hooks/use-now';
import { generateButtonState } from '../lib/generate-button-state';
import { durationText, secondsLeft } from '../lib/progress';
import { PRICING_HREF } from '../../billing/components/usage-card';

/**
 * The generate button in its states (spec section 2): ready; 'Starting...' with a spinner; 'Generation
 * in progress...' with a cancel button beside it and the active-generation notice; 'Limit reached -
 * Upgrade to Premium'; and the red 'API unavailable' notice when the image service is down.
 */
export function GenerateControls({
  label,
  onGenerate,
  starting,
  unavailable = false,
  extraActions,
}: {
  label: string;
  onGenerate: () => void;
  starting: boolean;
  unavailable?: boolean;
  /** Further actions beside the button (Express: regenerate, new visual); `blocked` while one cannot start. */
  extraActions?: (blocked: boolean) => ReactNode;
}) {
  const { t } = useTranslation();
  const usage = useUsage();
  const active = useActiveGenerations();
  const { cancelAll, cancelling } = useCancelAllGenerations();
  const running = active.data?.items ?? [];
  const state = generateButtonState({
    starting,
    active: running.length > 0,
    canGenerate: usage.data?.canGenerate ?? true,
    unavailable,
  });

  return (
    <div className="flex flex-col gap-3">
      {unavailable && state !== 'inProgress' && (
        <Notice role="alert" tone="danger" icon={<AlertIcon />} title={t('generate.unavailable')}>
          {t('generate.unavailableNotice')}
        </Notice>
      )}
      {state === 'inProgress' && running[0] && (
        <ActiveNotice estimate={running[0].estimatedSecondsLeft} receivedAt={running[0].receivedAt} />
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        {state === 'limitReached' ? (
          <a href={PRICING_HREF} className={buttonClasses('accent', 'md', 'w-full py-3 text-base sm:w-auto')}>
            <SparklesIcon className="size-5" />
            {t('generate.limitReached')}
          </a>
        ) : (
          <Button
            data-generate-button
            // Disabled for assistive technologies and clicks, yet still focusable: a keyboard user who
            // pressed it keeps their place instead of being dropped at the top of the page.
            aria-disabled={state !== 'ready' || undefined}
            onClick={() => {
              if (state === 'ready') onGenerate();
            }}
            busy={state === 'starting' || state === 'inProgress'}
            variant={state === 'unavailable' ? 'danger' : 'primary'}
            className="w-full py-3 text-base sm:w-auto"
          >
            {state === 'unavailable' ? (
              <AlertIcon className="size-5" />
            ) : (
              state === 'ready' && <SparklesIcon className="size-5" />
            )}
            {state === 'starting'
              ? t('generate.starting')
              : state === 'inProgress'
                ? t('generate.inProgress')
                : state === 'unavailable'
                  ? t('generate.unavailable')
                  : label}
          </Button>
        )}
        {state === 'inProgress' && (
          <Button
            variant="secondary"
            onClick={cancelAll}
            disabled={cancelling}
            busy={cancelling}
            aria-label={t('generate.cancelAria')}
            className="w-full py-3 text-base sm:w-auto"
          >
            {!cancelling && <CloseIcon className="size-5" />}
            {t('generate.cancel')}
          </Button>
        )}
        {extraActions?.(state !== 'ready')}
      </div>
    </div>
  );
}

/** The active-generation notice, with the time left counted down from the server's estimate. */
function ActiveNotice({ estimate, receivedAt }: { estimate: number; receivedAt: number }) {
  const { t } = useTranslation();
  const now = useNow(1000, true);
  const left = secondsLeft(estimate, receivedAt, now);
  const duration = durationText(left);
  return (
    <Notice tone="info" icon={<ClockIcon />} title={t('generate.notice.title')}>
      {t('generate.notice.description')}{' '}
      {left > 0
        ? t('generate.notice.remaining', { duration: t(duration.key, { count: duration.count }) })
        : t('generate.notice.finishing')}
    </Notice>
  );
}

/**
 * Gives the keyboard back to the generate button after leaving a result: its panel goes away, and on
 * Fusion the form comes back in its place, so this waits for the next frame, once it is drawn.
 */
export function focusGenerateButton(): void {
  requestAnimationFrame(() =>
    document.querySelector<HTMLElement>('[data-generate-button]')?.focus({ preventScroll: true }),
  );
}
