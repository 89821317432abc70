/**
 * Serves the built web app. Hashed assets are cached for a year; pages are revalidated each time. Every
 * path no file owns gets the app's index page, made for that page (page-head.ts: language, title,
 * description, alternates, link previews and the public pages' prerendered body), with status 200 for
 * the app's pages and 404 for any other path (the app then shows its 404 screen).
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { TWIN_PAGE_NAMES } from '@vitrine/shared/routes';
import { StartupError } from '../lib/startup-error';
import { ALL_PAGE_KINDS, pageHtml, type PageKind } from './page-head';
import { loadPrerendered } from './prerendered';
import { SITE_FILES } from './site-files';

const isTwinPage = (page: string) => (TWIN_PAGE_NAMES as string[]).includes(page);

/**
 * Built files never served as they are: robots.txt and sitemap.xml are made by the server
 * (site-files.ts) from PUBLIC_URL, and a built file of either name would clash with their routes;
 * index.html and the prerendered bodies only reach browsers inside each page's own HTML (below).
 */
const HIDDEN_FILES = new Set<string>([...SITE_FILES, 'index.html']);

/**
 * Whether an address (decoded, as the file route sees it) must not be answered with a file. Besides the
 * files above, by any spelling (letter case, for a disk that ignores it): a folder's address (`/`,
 * `/dashboard/`), which is a page's; and any address no built file has, whose path the file sender
 * would rewrite or refuse with a bare error: a `.` or `..` segment, a backslash, a NUL byte.
 */
function isHidden(pathName: string): boolean {
  const relative = pathName.replace(/^\/+/, '').toLowerCase();
  if (relative === '' || relative.endsWith('/')) return true;
  if (/[\\\0]/.test(relative) || relative.split('/').some((segment) => segment === '.' || segment === '..'))
    return true;
  return HIDDEN_FILES.has(relative) || relative === 'prerendered' || relative.startsWith('prerendered/');
}

export async function registerSpa(app: FastifyInstance, distDir: string, publicUrl: string) {
  const indexPath = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexPath)) {
    throw new StartupError(`The web app is not built: ${indexPath} is missing (run "npm run build").`);
  }
  const indexHtml = fs.readFileSync(indexPath, 'utf8');
  const prerendered = loadPrerendered(distDir);
  // A page's HTML depends only on its kind and language: all of them are made once, at startup.
  const pages = new Map<string, string>();
  const keyOf = (kind: PageKind) => `${kind.page}.${kind.lang}`;
  for (const kind of ALL_PAGE_KINDS) {
    pages.set(keyOf(kind), pageHtml(indexHtml, kind, publicUrl, prerendered));
  }
  const htmlOf = (kind: PageKind) => pages.get(keyOf(kind))!;

  await app.register(fastifyStatic, {
    root: distDir,
    // One route for every file (a route per file cost a tenth of a second of each start); a path no
    // file owns goes on to the not-found handler, which answers with the page.
    wildcard: true,
    allowedPath: (pathName) => !isHidden(pathName),
    // Files whose name starts with a dot (a build tool's manifest, say) are not the site's.
    dotfiles: 'ignore',
    index: false,
    // Cache-Control is set below, per file kind.
    cacheControl: false,
    setHeaders(res, filePath) {
      const immutable = filePath.startsWith(path.join(distDir, 'assets') + path.sep);
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  return {
    sendPage(reply: FastifyReply, status: 200 | 404, kind: PageKind) {
      reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      // A twin page has one language; every other page answers in the browser's.
      if (!isTwinPage(kind.page)) reply.header('vary', 'accept-language');
      return reply.send(htmlOf(kind));
    },
  };
}
