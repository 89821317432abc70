import { useTranslation } from 'react-i18next';
import { SectionHeading } from './section-heading';

/** Each card with a small line icon (24x24 paths). */
const FEATURES = [
  ['fusion', 'M4 16l4-4 3 3 5-5 4 4M4 4h16v16H4z'],
  ['express', 'M13 3 5 14h6l-1 7 8-11h-6z'],
  ['editor', 'M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4'],
  ['formats', 'M3 7h8v10H3zM14 4h7v16h-7z'],
  [
    'styles',
    'M12 3a9 9 0 1 0 0 18c1.5 0 2-1 2-2 0-1.5-1.5-2 0-3h2a5 5 0 0 0 5-5c0-4.5-4-8-9-8zM7.5 11h.01M10 7h.01M15 7h.01',
  ],
  ['history', 'M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5M12 7v5l3 2'],
] as const;

/** Six true claims about the product (anchor #features). */
export function Features() {
  const { t } = useTranslation();
  return (
    <section
      id="features"
      aria-labelledby="features-title"
      className="scroll-mt-28 md:scroll-mt-20 py-20 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-5 sm:px-6">
        <SectionHeading id="features-title" title={t('landing.features.title')} />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(([key, icon]) => (
            <li key={key} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-100">
              <span className="grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-700">
                <svg
                  viewBox="0 0 24 24"
                  className="size-6"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  aria-hidden="true"
                >
                  <path d={icon} />
                </svg>
              </span>
              <h3 className="mt-4 text-lg font-semibold text-ink-900">{t(`landing.features.${key}`)}</h3>
              <p className="mt-2 text-ink-600">{t(`landing.features.${key}Text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
