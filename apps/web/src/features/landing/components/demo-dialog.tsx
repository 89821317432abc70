import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog';
import { Button } from '../../../components/ui/button';

const STEPS = ['photo', 'options', 'cutout', 'variants', 'edited'] as const;
type Step = (typeof STEPS)[number];
const STEP_MS = 2800;
/** The frames the options step shows its choices over. */
const FRAME: Record<Step, string> = {
  photo: 'photo',
  options: 'photo',
  cutout: 'cutout',
  variants: 'variants',
  edited: 'edited',
};

/**
 * The product at work, in real frames made by the engine (`npm run site-images`): the photo, the
 * options, the cut-out, the four variants and the editor's result. It plays on its own, with pause,
 * play and replay; the images load only once the dialog is open (the dialog renders nothing before).
 */
export function DemoDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('landing.demo.title')} size="lg">
      <DemoSequence />
    </Dialog>
  );
}

function DemoSequence() {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [playing, setPlaying] = useState(true);
  const done = step === STEPS.length - 1;
  useEffect(() => {
    if (!playing || done) return;
    const timer = window.setTimeout(() => setStep((s) => s + 1), STEP_MS);
    return () => window.clearTimeout(timer);
  }, [playing, step, done]);
  const name = STEPS[step]!;
  return (
    <div className="flex flex-col gap-4">
      <div className="relative mx-auto aspect-square w-full max-w-[min(26rem,60dvh)] overflow-hidden rounded-xl bg-ink-100">
        {STEPS.map((s, i) => (
          <picture
            key={s}
            className={`absolute inset-0 transition-opacity duration-500 ${i === step ? 'opacity-100' : 'opacity-0'}`}
          >
            <source type="image/avif" srcSet={`/examples/demo/${FRAME[s]}-480.avif`} />
            <img
              src={`/examples/demo/${FRAME[s]}-480.webp`}
              width={480}
              height={480}
              alt={i === step ? t(`landing.demo.${s}`) : ''}
              aria-hidden={i !== step}
              className="size-full object-contain"
            />
          </picture>
        ))}
        {name === 'options' && (
          <ul className="absolute inset-x-3 bottom-3 flex flex-wrap justify-center gap-1.5 rounded-xl bg-white/95 p-3 shadow-lg">
            {t('landing.demo.chips')
              .split(' · ')
              .map((chip) => (
                <li
                  key={chip}
                  className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-700 ring-1 ring-brand-100"
                >
                  {chip}
                </li>
              ))}
          </ul>
        )}
      </div>
      <p
        aria-live={playing && !done ? 'off' : 'polite'}
        className="min-h-12 text-center text-base font-medium text-ink-800"
      >
        {t(`landing.demo.${name}`)}
      </p>
      <div className="flex flex-wrap items-center justify-center gap-3">
        <div className="flex items-center" role="group" aria-label={t('landing.demo.title')}>
          {STEPS.map((s, i) => (
            <button
              key={s}
              type="button"
              aria-label={t('landing.demo.step', { n: i + 1, total: STEPS.length })}
              aria-current={i === step ? 'step' : undefined}
              onClick={() => {
                setStep(i);
                setPlaying(false);
              }}
              className="grid size-8 place-items-center"
            >
              <span
                className={`block h-2 rounded-full transition-all ${i === step ? 'w-6 bg-brand-600' : 'w-2 bg-ink-200'}`}
              />
            </button>
          ))}
        </div>
        {done ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setStep(0);
              setPlaying(true);
            }}
          >
            {t('landing.demo.replay')}
          </Button>
        ) : (
          <Button variant="secondary" size="sm" onClick={() => setPlaying((p) => !p)} aria-pressed={!playing}>
            {playing ? t('landing.demo.pause') : t('landing.demo.play')}
          </Button>
        )}
      </div>
    </div>
  );
}
