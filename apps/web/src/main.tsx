import '@fontsource-variable/inter';
import './index.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { setupI18n } from './app/i18n';
import { AppProviders } from './app/providers';
import { createRouter, loadCurrentPages } from './app/router';
import { initialLanguage } from './features/site/lib/page-language';
import { storedSiteLanguage } from './features/site/lib/site-language';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// The language the server rendered the page in (it fills the root of the public pages).
const servedLang = document.documentElement.lang;

const initialLang = initialLanguage(window.location.pathname, storedSiteLanguage(), navigator.language);
const [i18n] = await Promise.all([setupI18n(initialLang), loadCurrentPages(window.location)]);
const app = (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={createRouter()} />
    </AppProviders>
  </StrictMode>
);
// A page the server sent already rendered, in the language the app starts in, is taken over as it is
// (hydration, as a transition: React does it in small steps, so the page stays responsive meanwhile);
// otherwise it is drawn anew. An address with a query (a verification notice, a pre-filled form) shows
// more than the prerendered page: drawn anew too.
if (root.firstElementChild && servedLang === i18n.language && !window.location.search)
  startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
