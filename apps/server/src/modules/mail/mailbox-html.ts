/** HTML building blocks of the dev mailbox: escaping, the page frame and its style sheet. */
import { escapeHtml, htmlPage } from '../../lib/html';

export { escapeHtml };

export function formatDate(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

// Inline styles are allowed by the app's CSP; scripts are not, and the pages need none.
const STYLE = `
:root { color-scheme: light dark; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; line-height: 1.45; }
body { margin: 0 auto; max-width: 64rem; padding: 1rem; }
h1 { font-size: 1.4rem; margin: .5rem 0 1rem; overflow-wrap: anywhere; }
h2 { font-size: 1.05rem; margin: 1.5rem 0 .5rem; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: .5rem; border-bottom: 1px solid #8884; vertical-align: top; overflow-wrap: anywhere; }
th { white-space: nowrap; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #8881; padding: .75rem; border-radius: 6px; margin: 0; }
iframe { display: block; width: 100%; min-height: 28rem; border: 1px solid #8886; border-radius: 6px; background: #fff; }
a { overflow-wrap: anywhere; }
.muted { color: #888; }
.nowrap { white-space: nowrap; }
@media (max-width: 40rem) {
  table.list thead { display: none; }
  table.list tr { display: block; padding: .5rem 0; border-bottom: 1px solid #8884; }
  table.list td { display: block; padding: .1rem 0; border: 0; }
}`;

export function page(title: string, body: string): string {
  return htmlPage({ lang: 'en', title, style: STYLE, body });
}
