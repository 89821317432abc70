import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button-link';
import { usePrimaryAction } from '../lib/use-primary-action';

const DemoDialog = lazy(async () => ({ default: (await import('./demo-dialog')).DemoDialog }));

/** The first screen: the promise, the call to action and the demo. */
export function Hero() {
  const { t } = useTranslation();
  const action = usePrimaryAction();
  const [demo, setDemo] = useState(false);
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-700 to-brand-500 text-white">
      <div className="mx-auto max-w-6xl px-5 py-20 text-center sm:px-6 md:py-28">
        <p className="mx-auto inline-flex rounded-full bg-white/10 px-4 py-1.5 text-sm font-medium text-brand-100 ring-1 ring-white/20">
          {t('landing.hero.badge')}
        </p>
        <h1 className="mx-auto mt-6 max-w-3xl text-4xl font-extrabold leading-tight tracking-tight text-balance sm:text-5xl md:text-6xl">
          {t('landing.hero.title')}
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-brand-100">{t('landing.hero.subtitle')}</p>
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <ButtonLink
            to={action.to}
            variant="accent"
            className="w-full px-7 py-3 text-base sm:w-auto"
            data-cta="hero"
          >
            {action.label}
          </ButtonLink>
          <button
            type="button"
            onClick={() => setDemo(true)}
            className="inline-flex w-full items-center justify-center gap-2 rounded-lg px-7 py-3 text-base font-semibold text-white ring-1 ring-white/40 transition hover:bg-white/10 sm:w-auto"
          >
            <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
              <path d="M6 4.5v11l9-5.5z" />
            </svg>
            {t('landing.hero.watchDemo')}
          </button>
        </div>
      </div>
      {demo && (
        <Suspense fallback={null}>
          <DemoDialog open onClose={() => setDemo(false)} />
        </Suspense>
      )}
    </section>
  );
}
