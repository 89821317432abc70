import { useTranslation } from 'react-i18next';
import type { ProseDocument, SiteInfo } from '@vitrine/shared/api/site';
import type { Lang } from '@vitrine/shared/locale';
import { twinPath, type TwinPage } from '@vitrine/shared/routes';
import { ButtonLink } from '../../../components/ui/button-link';
import { aboutDocument } from '../../legal/content/about';
import { careersDocument } from '../../legal/content/careers';
import { cookiesDocument } from '../../legal/content/cookies';
import { privacyDocument } from '../../legal/content/privacy';
import { termsDocument } from '../../legal/content/terms';
import { useSiteInfo } from '../api/site-info';
import { PublicLayout, usePageLanguage } from './public-layout';
import { ProseView } from './prose-view';

type Documents = (lang: Lang, site: SiteInfo) => ProseDocument;

function ProsePage({
  page,
  document,
  featuredLead,
}: {
  page: TwinPage;
  document: Documents;
  featuredLead?: boolean;
}) {
  return (
    <PublicLayout page={page}>
      <ProseContent document={document} featuredLead={featuredLead} />
    </PublicLayout>
  );
}

function ProseContent({ document, featuredLead }: { document: Documents; featuredLead?: boolean }) {
  const lang = usePageLanguage();
  const site = useSiteInfo();
  return <ProseView document={document(lang, site)} featuredLead={featuredLead} />;
}

/** The about page opens on the motto (Innovation, Simplicity, Excellence), set apart under the title. */
export function AboutPage() {
  return <ProsePage page="about" document={aboutDocument} featuredLead />;
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
