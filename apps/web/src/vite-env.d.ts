/// <reference types="vite/client" />

// The catalog's parts, cut by the build (vite.config.ts, packages/shared/src/i18n/sections.ts).
declare module 'virtual:catalog/public' {
  import type { Catalog } from '@vitrine/shared/i18n/catalog';
  const catalogs: Record<'fr' | 'en', Partial<Catalog>>;
  export default catalogs;
}
declare module 'virtual:catalog/app' {
  import type { Catalog } from '@vitrine/shared/i18n/catalog';
  const catalogs: Record<'fr' | 'en', Partial<Catalog>>;
  export default catalogs;
}
