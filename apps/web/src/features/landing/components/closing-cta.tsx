import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button-link';
import { usePrimaryAction } from '../lib/use-primary-action';

/** The last call to action. */
export function ClosingCta() {
  const { t } = useTranslation();
  const action = usePrimaryAction();
  return (
    <section className="px-5 pb-20 sm:px-6 sm:pb-24">
      <div className="mx-auto max-w-6xl rounded-3xl bg-gradient-to-br from-brand-900 via-brand-700 to-brand-500 px-6 py-16 text-center text-white shadow-xl">
        <h2 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {t('landing.closing.title')}
        </h2>
        <p className="mt-4 text-lg text-brand-100">{t('landing.closing.subtitle')}</p>
        <ButtonLink to={action.to} variant="accent" className="mt-8 px-7 py-3 text-base" data-cta="closing">
          {action.label}
        </ButtonLink>
      </div>
    </section>
  );
}
