import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button-link';
import { SparklesIcon, UserIcon } from '../../../components/ui/icons';
import { useDocumentTitle } from '../../../lib/use-document-title';
import type { NavItem } from '../lib/nav-items';
import { NavIcon } from './nav-icon';

type UpcomingPage = Exclude<NavItem['id'], 'account'>;

/** The pages whose screens arrive in a later release; the router names one by its title key. */
export type ComingSoonTitleKey = `dashboard.nav.${UpcomingPage}`;

const PAGES = {
  'dashboard.nav.fusion': { id: 'fusion', summaryKey: 'dashboard.comingSoon.summary.fusion' },
  'dashboard.nav.express': { id: 'express', summaryKey: 'dashboard.comingSoon.summary.express' },
  'dashboard.nav.history': { id: 'history', summaryKey: 'dashboard.comingSoon.summary.history' },
  'dashboard.nav.stats': { id: 'stats', summaryKey: 'dashboard.comingSoon.summary.stats' },
} as const satisfies Record<ComingSoonTitleKey, { id: UpcomingPage; summaryKey: string }>;

/** Says plainly that this screen is not built yet, what it will do, and what can be done meanwhile. */
export function ComingSoonPage({ titleKey }: { titleKey: ComingSoonTitleKey }) {
  const { t } = useTranslation();
  const page = PAGES[titleKey];
  const title = t(titleKey, { product: t('app.name') });
  useDocumentTitle(title);

  return (
    <div className="flex flex-col gap-6">
      <section className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-900 via-brand-700 to-brand-500 px-6 py-10 text-white shadow-sm sm:px-10 sm:py-14">
        <div
          aria-hidden="true"
          className="absolute -top-24 -right-20 size-72 rounded-full bg-accent-400/20 blur-3xl"
        />
        <div
          aria-hidden="true"
          className="absolute -bottom-28 left-1/3 size-72 rounded-full bg-white/10 blur-3xl"
        />
        <div className="relative flex flex-col gap-6 sm:flex-row sm:items-start">
          <span className="grid size-14 shrink-0 place-items-center rounded-2xl bg-white/15 ring-1 ring-white/25 backdrop-blur">
            <NavIcon id={page.id} className="size-7" />
          </span>
          <div className="min-w-0">
            <p className="inline-flex items-center gap-1.5 rounded-full bg-accent-400 px-3 py-1 text-xs font-semibold tracking-wide text-brand-900 uppercase">
              <SparklesIcon className="size-3.5" />
              {t('dashboard.comingSoon.badge')}
            </p>
            <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
            <p className="mt-3 max-w-2xl text-base leading-relaxed text-brand-100 sm:text-lg">
              {t(page.summaryKey)}
            </p>
            <p className="mt-6 text-sm text-brand-100/80">{t('dashboard.comingSoon.release')}</p>
          </div>
        </div>
      </section>
      <section className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-100 sm:flex-row sm:items-center sm:p-6">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
          <UserIcon />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold text-ink-900">{t('dashboard.comingSoon.meanwhileTitle')}</h2>
          <p className="mt-0.5 text-sm text-ink-600">{t('dashboard.comingSoon.meanwhile')}</p>
        </div>
        <ButtonLink to="/dashboard/account" variant="secondary" size="sm" className="self-start sm:self-auto">
          {t('dashboard.comingSoon.goToAccount')}
        </ButtonLink>
      </section>
    </div>
  );
}
