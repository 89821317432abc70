/**
 * Renders the public pages to HTML at build time (scripts/prerender.mjs), so the first response already
 * shows the page: it paints before the app's code arrives and reads without JavaScript. The app then
 * replaces it with the same page, live. Visitors' own state (session, consent) is not known here: the
 * header shows its loading state, as the live page does until the session is checked.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { LANGUAGES, type Lang } from '@vitrine/shared/locale';
import { TWIN_PAGE_NAMES, twinPath } from '@vitrine/shared/routes';
import { setupI18n } from './app/i18n';
import { AppProviders } from './app/providers';
import { routes } from './app/routes';

let ready: Promise<unknown> | undefined;

export async function render(path: string, lang: Lang): Promise<string> {
  ready ??= setupI18n(lang);
  const i18n = await (ready as ReturnType<typeof setupI18n>);
  await i18n.changeLanguage(lang);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} instead of a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AppProviders>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
}

/** What is rendered: the home page in both languages, each twin page in its own. */
export const pages: { name: string; path: string; lang: Lang }[] = [
  { name: 'home', path: '/', lang: 'fr' },
  { name: 'home', path: '/', lang: 'en' },
  ...TWIN_PAGE_NAMES.flatMap((page) =>
    LANGUAGES.map((lang) => ({ name: page, path: twinPath(page, lang), lang })),
  ),
];
