import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from './section-heading';

const QUESTIONS = ['1', '2', '3', '4', '5'] as const;

/** Five questions (anchor #faq): one answer open at a time, or none; the first open to start with. */
export function Faq() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(0);
  const id = useId();
  return (
    <section id="faq" aria-labelledby="faq-title" className="scroll-mt-28 md:scroll-mt-20 py-20 sm:py-24">
      <div className="mx-auto max-w-3xl px-5 sm:px-6">
        <SectionHeading id="faq-title" title={t('landing.faq.title')} />
        <div className="mt-12 divide-y divide-ink-100 rounded-2xl bg-white shadow-sm ring-1 ring-ink-100">
          {QUESTIONS.map((n, i) => {
            const expanded = open === i;
            return (
              <div key={n}>
                <h3>
                  <button
                    type="button"
                    id={`${id}-q${n}`}
                    aria-expanded={expanded}
                    aria-controls={`${id}-a${n}`}
                    onClick={() => setOpen(expanded ? null : i)}
                    className="flex w-full items-center justify-between gap-4 px-5 py-5 text-left text-base font-semibold text-ink-900 sm:px-6"
                  >
                    {t(`landing.faq.q${n}`)}
                    <svg
                      viewBox="0 0 20 20"
                      className={`size-5 shrink-0 text-ink-400 transition-transform ${expanded ? 'rotate-180' : ''}`}
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      aria-hidden="true"
                    >
                      <path d="m5 7.5 5 5 5-5" strokeLinecap="round" strokeLinejoin="round" />
                    </svg>
                  </button>
                </h3>
                <div
                  id={`${id}-a${n}`}
                  role="region"
                  aria-labelledby={`${id}-q${n}`}
                  hidden={!expanded}
                  className="px-5 pb-5 text-ink-600 sm:px-6"
                >
                  {t(`landing.faq.a${n}`)}
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
