/**
 * `virtual:catalog/public` and `virtual:catalog/app`: the French and English catalogs cut into the part
 * every page needs and the part only the signed-in app needs (see packages/shared/src/i18n/sections.ts).
 * Used by the web build and by the unit tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { pickCatalogPart, type CatalogPart } from '../../packages/shared/src/i18n/sections.ts';

const CATALOG_DIR = path.resolve(import.meta.dirname, '../../packages/shared/src/i18n');
const PARTS: Record<string, CatalogPart> = {
  'virtual:catalog/public': 'public',
  'virtual:catalog/app': 'app',
};

export function catalogParts(): Plugin {
  return {
    name: 'vitrine-catalog-parts',
    resolveId: (id) => (id in PARTS ? `\0${id}` : undefined),
    load(id) {
      const part = PARTS[id.slice(1)];
      if (!id.startsWith('\0') || !part) return undefined;
      const catalogs: Record<string, unknown> = {};
      for (const lang of ['fr', 'en']) {
        const file = path.join(CATALOG_DIR, `${lang}.json`);
        this.addWatchFile(file);
        catalogs[lang] = pickCatalogPart(JSON.parse(fs.readFileSync(file, 'utf8')), part);
      }
      return `export default ${JSON.stringify(catalogs)};`;
    },
  };
}
