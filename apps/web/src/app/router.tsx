import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { routes } from './routes';

/**
 * Loads the code of the pages the current address shows before the router starts, so a page whose
 * HTML the server already sent is replaced by the same page at once, not by a loading screen first.
 */
export async function loadCurrentPages(location: Location): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = (await route.lazy()) as Partial<RouteObject>;
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

export function createRouter() {
  return createBrowserRouter(routes);
}
