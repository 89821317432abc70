import { useTranslation } from 'react-i18next';
import type { ProseDocument, SiteInfo } from '@vitrine/shared/api/site';
import type { Lang } from '@vitrine/shared/locale';
import { twinPath, type TwinPage } from '@vitrine/shared/routes';
import { ButtonLink } from '../../../components/ui/button-link';
import { aboutDocument } from '../content/about';
import { careersDocument } from '../content/careers';
import { cookiesDocument } from '../content/cookies';
import { privacyDocument } from '../content/privacy';
import { termsDocument } from '../content/terms';
import { useSiteInfo } from '../api/site-info';
import { PublicLayout, usePageLanguage } from './public-layout';
import { ProseView } from './prose-view';

type Documents = (lang: Lang, site: SiteInfo) => ProseDocument;

function ProsePage({ page, document }: { page: TwinPage; document: Documents }) {
  return (
    <PublicLayout page={page}>
      <ProseContent document={document} />
    </PublicLayout>
  );
}

function ProseContent({ document }: { document: Documents }) {
  const lang = usePageLanguage();
  const site = useSiteInfo();
  return <ProseView document={document(lang, site)} />;
}

export function AboutPage() {
  return (
    <PublicLayout page="about">
      <AboutContent />
    </PublicLayout>
  );
}

const MOTTO = ['site.about.innovation', 'site.about.simplicity', 'site.about.excellence'] as const;

/** The about page, with the motto (Innovation, Simplicity, Excellence) set apart under the lead. */
function AboutContent() {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const site = useSiteInfo();
  const motto = (
    <figure className="mt-8 rounded-2xl bg-brand-600 px-6 py-7 text-center text-white shadow-sm sm:px-10">
      <figcaption className="text-xs font-semibold uppercase tracking-widest text-brand-100">
        {t('site.about.motto')}
      </figcaption>
      <p
        data-testid="motto"
        className="mt-3 flex flex-col items-center gap-1 text-2xl font-extrabold tracking-tight sm:flex-row sm:justify-center sm:gap-4 sm:text-3xl"
      >
        {MOTTO.map((key, index) => (
          <span key={key} className="inline-flex items-center gap-4">
            {index > 0 && (
              <>
                <span className="sr-only">, </span>
                <span aria-hidden="true" className="hidden text-accent-400 sm:inline">
                  ·
                </span>
              </>
            )}
            {t(key)}
          </span>
        ))}
      </p>
    </figure>
  );
  return <ProseView document={aboutDocument(lang, site)} intro={motto} />;
}

export function CareersPage() {
  return (
    <PublicLayout page="careers">
      <CareersContent />
    </PublicLayout>
  );
}

function CareersContent() {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const site = useSiteInfo();
  const subject = encodeURIComponent(t('site.careers.applySubject'));
  return (
    <ProseView document={careersDocument(lang, site)}>
      <div className="mt-10">
        <ButtonLink to={`${twinPath('contact', lang)}?subject=${subject}`}>
          {t('site.careers.apply')}
        </ButtonLink>
      </div>
    </ProseView>
  );
}

export function PrivacyPage() {
  return <ProsePage page="privacy" document={privacyDocument} />;
}

export function TermsPage() {
  return <ProsePage page="terms" document={termsDocument} />;
}

export function CookiesPage() {
  return <ProsePage page="cookies" document={cookiesDocument} />;
}
