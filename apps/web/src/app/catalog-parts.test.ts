import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogs } from '@vitrine/shared/i18n/catalog';
import {
  APP_ONLY_SECTIONS,
  catalogPartOf,
  pickCatalogPart,
  SERVER_ONLY_SECTIONS,
} from '@vitrine/shared/i18n/sections';

const SRC = path.resolve(import.meta.dirname, '..');
/** Code that only runs once the dashboard's code has loaded (and with it the app-only sections). */
const APP_ONLY_PATHS = [
  'features/dashboard',
  'features/fusion',
  'features/express',
  'features/history',
  'features/stats',
  'features/account',
  'features/brand',
  'features/editor',
  'features/generations',
  'features/cutout',
  'features/image-picker',
  'features/image-viewer',
  // Billing's checkout and subscription serve the public pricing too; its usage card only the dashboard.
  'features/billing/components/usage-card.tsx',
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('catalog parts shipped to the browser', () => {
  it('every section of the catalog is public, app-only or the server’s, and the parts do not overlap', () => {
    const sections = Object.keys(catalogs.fr);
    const pub = Object.keys(pickCatalogPart(catalogs.fr, 'public'));
    const app = Object.keys(pickCatalogPart(catalogs.fr, 'app'));
    expect([...pub, ...app, ...SERVER_ONLY_SECTIONS].sort()).toEqual([...sections].sort());
    for (const section of APP_ONLY_SECTIONS) expect(sections, section).toContain(section);
  });

  it('code that runs on public pages uses no app-only section (it would show raw keys there)', () => {
    const offending: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const relative = path.relative(SRC, file).replaceAll('\\', '/');
      if (APP_ONLY_PATHS.some((only) => relative === only || relative.startsWith(`${only}/`))) continue;
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(/['"`]([a-zA-Z]+)\.[a-zA-Z]/g)) {
        const section = match[1]!;
        if (section in catalogs.fr && catalogPartOf(section) !== 'public')
          offending.push(`${relative}: ${match[0]}`);
      }
    }
    expect(offending).toEqual([]);
  });
});
