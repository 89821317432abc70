/** Escaping for text put into HTML or XML we write ourselves (e-mails, page heads, the sitemap). */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Safe in text and in quoted attribute values alike (srcdoc included), in HTML and in XML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/**
 * A small page the server writes itself (the dev mailbox, the test-mode checkout): not indexed, styled
 * inline (the CSP allows inline styles, not scripts).
 */
export function htmlPage({
  lang,
  title,
  style,
  body,
}: {
  lang: string;
  title: string;
  style: string;
  body: string;
}): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
${body}
</body>
</html>
`;
}
