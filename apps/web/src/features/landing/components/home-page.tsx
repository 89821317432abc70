import { useTranslation } from 'react-i18next';
import { ClosingCta } from './closing-cta';
import { ExampleCarousel } from './example-carousel';
import { Faq } from './faq';
import { Features } from './features';
import { Hero } from './hero';
import { HowItWorks } from './how-it-works';
import { Pricing } from './pricing';
import { SectionHeading } from './section-heading';
import { SiteHeader } from './site-header';
import { VerificationBanner } from './verification-banner';
import { CookieBanner } from '../../site/components/cookie-banner';
import { SiteFooter } from '../../site/components/site-footer';
import { useSiteLanguage } from '../../site/lib/site-language';
import { usePageHead } from '../../site/lib/use-page-head';

/** The public home page (spec section 2). */
export function HomePage() {
  const { t } = useTranslation();
  useSiteLanguage();
  usePageHead('home');
  return (
    <div className="flex min-h-screen flex-col">
      {/* First in the page's order: a keyboard reaches the choice before what the banner covers. */}
      <CookieBanner />
      <SiteHeader />
      <VerificationBanner />
      <main className="flex-1">
        <Hero />
        <section aria-labelledby="examples-title" className="py-20 sm:py-24">
          <div className="mx-auto max-w-6xl px-5 sm:px-6">
            <SectionHeading
              id="examples-title"
              title={t('landing.carousel.title')}
              subtitle={t('landing.carousel.subtitle')}
            />
            <div className="mt-12">
              <ExampleCarousel />
            </div>
          </div>
        </section>
        <HowItWorks />
        <Features />
        <Pricing />
        <Faq />
        <ClosingCta />
      </main>
      <SiteFooter />
    </div>
  );
}
