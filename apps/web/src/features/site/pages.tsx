/** The public twin pages, one module loaded on first visit of any of them. */
import type { ComponentType } from 'react';
import type { TwinPage } from '@vitrine/shared/routes';
import { ContactPage } from './components/contact-page';
import { AboutPage, CareersPage, CookiesPage, PrivacyPage, TermsPage } from './components/prose-pages';
import { StatusPage } from './components/status-page';

export const TWIN_PAGE_COMPONENTS: Record<TwinPage, ComponentType> = {
  about: AboutPage,
  careers: CareersPage,
  contact: ContactPage,
  status: StatusPage,
  privacy: PrivacyPage,
  terms: TermsPage,
  cookies: CookiesPage,
};
