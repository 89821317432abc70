// Renders each public page, in its language (the home page in both), into dist/prerendered/, from the
// server-side build of src/prerender.tsx. The server puts the matching file inside the page's
// <div id="root">. Run by `npm run build` after the two Vite builds.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const web = path.resolve(import.meta.dirname, '..');
const ssrDir = path.join(web, 'dist-ssr');
const entry = fs.readdirSync(ssrDir).find((file) => /^prerender\.m?js$/.test(file));
if (!entry) throw new Error(`no prerender bundle in ${ssrDir}`);
const { render, pages } = await import(pathToFileURL(path.join(ssrDir, entry)).href);

const out = path.join(web, 'dist', 'prerendered');
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
let count = 0;
for (const { name, path: pagePath, lang } of pages) {
  const html = await render(pagePath, lang);
  fs.writeFileSync(path.join(out, `${name}.${lang}.html`), html);
  count++;
}
fs.rmSync(ssrDir, { recursive: true, force: true });
console.log(`prerendered ${count} pages into ${path.relative(process.cwd(), out)}`);
