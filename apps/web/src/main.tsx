import '@fontsource-variable/inter';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { setupI18n } from './app/i18n';
import { AppProviders } from './app/providers';
import { createRouter, loadCurrentPages } from './app/router';
import { storedSiteLanguage } from './features/landing/lib/site-language';
import { langFromBrowserLanguage } from '@vitrine/shared/locale';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The visitor's own choice on the public pages wins over the browser's language.
const initialLang = storedSiteLanguage() ?? langFromBrowserLanguage(navigator.language);
await Promise.all([setupI18n(initialLang), loadCurrentPages(window.location)]);
createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={createRouter()} />
    </AppProviders>
  </StrictMode>,
);
