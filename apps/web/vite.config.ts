import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { catalogParts } from './catalog-parts';

/**
 * The first page arrives rendered (src/prerender.tsx), so the app's code need not compete with it: the
 * entry's module-preload hints are dropped and the browser fetches the modules as the entry imports them,
 * after the page has painted. Lazy pages keep Vite's preloading of their own imports.
 */
function paintBeforeCode(): Plugin {
  return {
    name: 'vitrine-paint-before-code',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace(/\s*<link rel="modulepreload"[^>]*>/g, ''),
    },
  };
}

const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [react(), tailwindcss(), catalogParts(), paintBeforeCode()],
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
  },
});
