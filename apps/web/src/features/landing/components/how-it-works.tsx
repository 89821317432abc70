import { useTranslation } from 'react-i18next';
import { SectionHeading } from './section-heading';

const STEPS = ['one', 'two', 'three'] as const;

/** Three steps from a photo to a promotional image. */
export function HowItWorks() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="how-title" className="bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-5 sm:px-6">
        <SectionHeading id="how-title" title={t('landing.steps.title')} />
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step} className="rounded-2xl border border-ink-100 bg-ink-50 p-6">
              <span
                className="grid size-10 place-items-center rounded-full bg-brand-600 text-lg font-bold text-white"
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-ink-900">{t(`landing.steps.${step}`)}</h3>
              <p className="mt-2 text-ink-600">{t(`landing.steps.${step}Text`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
