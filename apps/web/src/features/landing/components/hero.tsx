import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button-link';
import { srcSet } from '../lib/examples';
import { usePrimaryAction } from '../lib/use-primary-action';

const DemoDialog = lazy(async () => ({ default: (await import('./demo-dialog')).DemoDialog }));

/** The first screen: the promise, the call to action, the demo, and a real photo beside what Vitrine made of it. */
export function Hero() {
  const { t } = useTranslation();
  const action = usePrimaryAction();
  const [demo, setDemo] = useState(false);
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-700 to-brand-500 text-white">
      <div className="mx-auto grid max-w-6xl items-center gap-14 px-5 pt-16 pb-20 sm:px-6 md:pt-20 lg:grid-cols-[1.1fr_1fr] lg:py-24">
        <div className="text-center lg:text-left">
          <p className="inline-flex rounded-full bg-white/10 px-4 py-1.5 text-sm font-medium text-brand-100 ring-1 ring-white/20">
            {t('landing.hero.badge')}
          </p>
          <h1 className="mt-6 text-4xl leading-tight font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            {t('landing.hero.title')}
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-brand-100 lg:mx-0">
            {t('landing.hero.subtitle')}
          </p>
          <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row lg:justify-start">
            <ButtonLink
              to={action.to}
              variant="accent"
              className="h-12 w-full px-7 text-base sm:w-auto"
              data-cta="hero"
            >
              {action.label}
            </ButtonLink>
            <button
              type="button"
              onClick={() => setDemo(true)}
              className="inline-flex h-12 w-full items-center justify-center gap-2 rounded-lg px-7 text-base font-semibold text-white ring-1 ring-white/40 transition hover:bg-white/10 sm:w-auto"
            >
              <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
                <path d="M6 4.5v11l9-5.5z" />
              </svg>
              {t('landing.hero.watchDemo')}
            </button>
          </div>
        </div>
        <BeforeAfter />
      </div>
      {demo && (
        <Suspense fallback={null}>
          <DemoDialog open onClose={() => setDemo(false)} />
        </Suspense>
      )}
    </section>
  );
}

/** Only wide screens show the picture: a phone's first screen stays text, and fetches none of it. */
const WIDE = '(min-width: 1024px)';
/** What a narrow screen's hidden <img> holds instead: an empty GIF, nothing to fetch. */
const NOTHING = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** The product photo as it was taken, and the image the engine made from it (from 1024 px). */
function BeforeAfter() {
  const { t } = useTranslation();
  return (
    <figure className="relative mx-auto hidden w-full max-w-md pb-10 pl-16 lg:block">
      <picture>
        <source media={WIDE} type="image/avif" srcSet={srcSet('espresso', 'avif')} sizes="400px" />
        <source media={WIDE} type="image/webp" srcSet={srcSet('espresso', 'webp')} sizes="400px" />
        <img
          src={NOTHING}
          width={540}
          height={540}
          fetchPriority="high"
          alt={t('landing.hero.afterAlt')}
          className="aspect-square w-full rotate-2 rounded-2xl bg-brand-700 object-cover shadow-2xl ring-1 ring-white/20"
        />
      </picture>
      <div className="absolute bottom-0 left-0 w-[42%] -rotate-3 rounded-xl bg-white p-1.5 shadow-xl">
        <picture>
          <source media={WIDE} type="image/avif" srcSet="/examples/demo/photo-480.avif" />
          <source media={WIDE} type="image/webp" srcSet="/examples/demo/photo-480.webp" />
          <img
            src={NOTHING}
            width={480}
            height={320}
            alt={t('landing.hero.beforeAlt')}
            className="aspect-[3/2] w-full rounded-lg object-cover"
          />
        </picture>
        <p className="px-1 pt-1.5 pb-0.5 text-center text-xs font-semibold text-ink-600">
          {t('landing.hero.before')}
        </p>
      </div>
      <figcaption className="absolute bottom-14 rounded-full bg-accent-400 px-3 py-1 text-xs font-bold text-brand-900 shadow-lg -right-2">
        {t('landing.hero.after')}
      </figcaption>
    </figure>
  );
}
