/**
 * The first HTML of each page: the built index.html with the page's language, title, description,
 * canonical address, language alternates and link-preview (Open Graph) tags, and for the public pages
 * their prerendered body. Crawlers and link previews read this without running any JavaScript; the
 * app then takes over and keeps the head up to date itself. Every address is absolute, made from
 * PUBLIC_URL, never from the request's Host header.
 */
import { escapeHtml } from '../lib/html';
import { translate, type MessageKey } from '@vitrine/shared/i18n/catalog';
import { langFromAcceptLanguage, LANGUAGES, type Lang } from '@vitrine/shared/locale';
import { PAGE_PATHS, TWIN_PAGE_NAMES, TWIN_PAGES, twinPageOf, type TwinPage } from '@vitrine/shared/routes';
import type { Prerendered } from './prerendered';

/** Pages with their own title and description (catalog `seo.<page>`). */
export type SeoPage = 'home' | 'auth' | TwinPage;

export type PageKind = { page: SeoPage; lang: Lang } | { page: 'app'; lang: Lang };

/** Every kind of page the server sends, in each language. */
export const ALL_PAGE_KINDS: PageKind[] = LANGUAGES.flatMap((lang) =>
  (['home', 'auth', 'app', ...TWIN_PAGE_NAMES] as const).map((page) => ({ page, lang })),
);

export const OG_IMAGE = { path: '/og-image.jpg', width: 1200, height: 630 };
const OG_LOCALE: Record<Lang, string> = { fr: 'fr_FR', en: 'en_US' };

function bare(path: string): string {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed.toLowerCase();
}

/**
 * Which page a request path is, in which language: a twin page by its path; the home page and the
 * sign-in page by the browser's language (French if it starts with "fr", else English, as the home page
 * does); anything else is the signed-in app or the 404 page.
 */
export function pageKindOf(path: string, acceptLanguage: string | undefined): PageKind {
  const twin = twinPageOf(path);
  if (twin) return twin;
  const lang = langFromAcceptLanguage(acceptLanguage, 'en');
  const page = bare(path);
  if (page === PAGE_PATHS.home) return { page: 'home', lang };
  if (page === PAGE_PATHS.auth) return { page: 'auth', lang };
  return { page: 'app', lang };
}

function headTags(kind: PageKind, publicUrl: string): string {
  if (kind.page === 'app') {
    // The dashboard, the password reset page and the 404 page are nobody's search result.
    return `<meta name="robots" content="noindex" />\n    <title>Vitrine</title>`;
  }
  const { page, lang } = kind;
  const title = translate(lang, `seo.${page}.title` as MessageKey);
  const description = translate(lang, `seo.${page}.description` as MessageKey);
  const pagePath =
    page === 'home' ? PAGE_PATHS.home : page === 'auth' ? PAGE_PATHS.auth : TWIN_PAGES[page][lang];
  const url = `${publicUrl}${pagePath}`;
  const alternates =
    page === 'home' || page === 'auth'
      ? [`<link rel="alternate" hreflang="x-default" href="${escapeHtml(url)}" />`]
      : [
          ...LANGUAGES.map(
            (other) =>
              `<link rel="alternate" hreflang="${other}" href="${escapeHtml(publicUrl + TWIN_PAGES[page][other])}" />`,
          ),
          `<link rel="alternate" hreflang="x-default" href="${escapeHtml(publicUrl + TWIN_PAGES[page].fr)}" />`,
        ];
  const other = LANGUAGES.find((l) => l !== lang)!;
  const meta = (property: string, content: string | number) =>
    `<meta property="${property}" content="${escapeHtml(String(content))}" />`;
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    ...(page === 'auth' ? ['<meta name="robots" content="noindex" />'] : []),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...alternates,
    meta('og:type', 'website'),
    meta('og:site_name', 'Vitrine'),
    meta('og:title', title),
    meta('og:description', description),
    meta('og:url', url),
    meta('og:image', `${publicUrl}${OG_IMAGE.path}`),
    meta('og:image:width', OG_IMAGE.width),
    meta('og:image:height', OG_IMAGE.height),
    meta('og:locale', OG_LOCALE[lang]),
    meta('og:locale:alternate', OG_LOCALE[other]),
    '<meta name="twitter:card" content="summary_large_image" />',
  ].join('\n    ');
}

/** The index page for one kind of page: its language, its head and, for public pages, its body. */
export function pageHtml(
  indexHtml: string,
  kind: PageKind,
  publicUrl: string,
  prerendered?: Prerendered,
): string {
  const withoutGeneric = indexHtml
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '')
    .replace(/<html\b[^>]*>/i, `<html lang="${kind.lang}">`)
    .replace('</head>', () => `  ${headTags(kind, publicUrl)}\n  </head>`);
  return kind.page === 'app' || !prerendered
    ? withoutGeneric
    : prerendered.fill(withoutGeneric, kind.page, kind.lang);
}
