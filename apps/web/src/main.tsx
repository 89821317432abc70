import '@fontsource-variable/inter';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { setupI18n } from './app/i18n';
import { AppProviders } from './app/providers';
import { createRouter, loadCurrentPages } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

await Promise.all([setupI18n(), loadCurrentPages(window.location)]);
createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={createRouter()} />
    </AppProviders>
  </StrictMode>,
);
