import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '../../../components/ui/language-toggle';
import { Logo } from '../../../components/ui/logo';
import { rememberSiteLanguage } from '../../site/lib/site-language';
import { HeaderAccount } from './header-account';

const ANCHORS = ['features', 'pricing', 'faq'] as const;

/** The section links: in the bar from 768 px, in a row of their own under it on narrower screens. */
function Anchors({ className }: { className: string }) {
  const { t } = useTranslation();
  return (
    <ul className={className}>
      {ANCHORS.map((anchor) => (
        <li key={anchor}>
          <a
            href={`#${anchor}`}
            className="block rounded-lg px-3 py-2 text-sm font-medium text-ink-600 transition hover:bg-ink-100 hover:text-ink-900"
          >
            {t(`landing.nav.${anchor}`)}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The sticky top bar: the section anchors, FR/EN and the account corner. */
export function SiteHeader() {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-20 border-b border-ink-100 bg-white/85 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-3 py-3 sm:gap-4 sm:px-6">
        <a href="/" className="shrink-0 rounded-lg text-ink-900" aria-label={t('app.name')}>
          <Logo className="[&>span:last-child]:hidden min-[360px]:[&>span:last-child]:inline" />
        </a>
        <nav aria-label={t('landing.nav.menu')} className="hidden md:block">
          <Anchors className="flex items-center gap-1" />
        </nav>
        <div className="flex min-w-0 items-center gap-2 sm:gap-3">
          <LanguageToggle onChange={rememberSiteLanguage} />
          <HeaderAccount />
        </div>
      </div>
      <nav aria-label={t('landing.nav.menu')} className="border-t border-ink-100 md:hidden">
        <Anchors className="flex items-center justify-center gap-1 px-3 py-0.5" />
      </nav>
    </header>
  );
}
