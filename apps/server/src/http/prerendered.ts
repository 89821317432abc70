/**
 * The public pages rendered to HTML when the web app was built (apps/web/scripts/prerender.mjs), one
 * file per page and language in `dist/prerendered/<page>.<lang>.html`. The server puts the matching
 * one inside the page's root element, so the first response already shows the page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isLang, type Lang } from '@vitrine/shared/locale';

const ROOT_ELEMENT = '<div id="root"></div>';
const FILE_NAME = /^([a-z-]+)\.([a-z]{2})\.html$/;

export type Prerendered = {
  /** The index page with the page's HTML inside its root element, or the page unchanged when none was rendered. */
  fill(indexHtml: string, page: string, lang: Lang): string;
};

export function loadPrerendered(distDir: string): Prerendered {
  const dir = path.join(distDir, 'prerendered');
  const bodies = new Map<string, string>();
  if (fs.existsSync(dir)) {
    for (const file of fs.readdirSync(dir)) {
      const match = FILE_NAME.exec(file);
      if (!match || !isLang(match[2])) continue;
      bodies.set(`${match[1]}.${match[2]}`, fs.readFileSync(path.join(dir, file), 'utf8'));
    }
  }
  return {
    fill(indexHtml, page, lang) {
      const body = bodies.get(`${page}.${lang}`);
      if (!body || !indexHtml.includes(ROOT_ELEMENT)) return indexHtml;
      return indexHtml.replace(ROOT_ELEMENT, () => `<div id="root">${body}</div>`);
    },
  };
}
