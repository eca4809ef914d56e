/**
 * The one page shell of the sandbox's own HTML (the provider's sign-in pages, the H5 pay page, the
 * AI report): Chinese first, English under it, styles and scripts as files so a CSP without
 * 'unsafe-inline' holds.
 */
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** Chinese, then the English under it. Both are trusted markup from the caller. */
export function bilingual(zh: string, en: string): string {
  return `${zh}<span class="en" lang="en">${en}</span>`;
}

export function htmlPage(options: { title: string; body: string; stylesheet: string; icon: string; script?: string }): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(options.title)}</title>
<link rel="stylesheet" href="${options.stylesheet}">
<link rel="icon" href="${options.icon}" type="image/svg+xml">
${options.script ? `<script src="${options.script}" defer></script>\n` : ''}</head>
<body>
<main class="card">
${options.body}
</main>
</body>
</html>
`;
}
