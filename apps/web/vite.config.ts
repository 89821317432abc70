import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { catalogParts } from './catalog-parts.ts';

/**
 * The first page arrives rendered (src/prerender.tsx), so the app's code need not compete with it: the
 * entry's module-preload hints are dropped and the browser fetches the modules as the entry imports them,
 * after the page has painted. Lazy pages keep Vite's preloading of their own imports. The text font
 * (Inter, Latin) is preloaded instead, so the page does not reflow when it arrives late.
 */
function paintBeforeCode(): Plugin {
  return {
    name: 'vitrine-paint-before-code',
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) => {
        const font = Object.keys(context.bundle ?? {}).find((file) =>
          /\/inter-latin-wght-normal-[\w-]+\.woff2$/.test(file),
        );
        const preload = font
          ? `<link rel="preload" href="/${font}" as="font" type="font/woff2" crossorigin>\n  </head>`
          : '</head>';
        return html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '').replace('</head>', preload);
      },
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
