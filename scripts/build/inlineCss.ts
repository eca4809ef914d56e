/**
 * The style sheets `index.html` links, carried inside it (issue 26): a linked sheet holds the
 * first paint until one more request returns, and on a phone at 150 ms a round trip that is most
 * of the wait for the app's frame (index.html's `.boot-shell`). Each `<link>` stays beside its
 * `<style>`, `disabled`: the browser neither applies nor needs it, and a chunk that imports the same
 * CSS later sees it there, so the preload helper does not add the sheet a second time (after a
 * screen's own sheet, where it would undo the screen's overrides).
 *
 * The Content-Security-Policy lets exactly these styles apply by their hashes
 * (server/inlineSources.ts); it keeps refusing every other inline style.
 */
import type { Plugin } from 'vite';

const LINKED_SHEET = /<link rel="stylesheet"( crossorigin)? href="\/([^"]+\.css)">/g;

export function inlineCss(html: string, sheet: (file: string) => string | undefined): string {
  return html.replace(LINKED_SHEET, (link, crossorigin: string | undefined, file: string) => {
    const css = sheet(file);
    if (css === undefined || css.includes('</')) return link;
    return `<style>${css.trimEnd()}</style>\n    <link rel="stylesheet"${crossorigin ?? ''} href="/${file}" disabled>`;
  });
}

export function inlineCssPlugin(): Plugin {
  return {
    name: 'cloud-film:inline-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        return inlineCss(html, (file) => {
          const asset = bundle?.[file];
          return asset?.type === 'asset' ? String(asset.source) : undefined;
        });
      },
    },
  };
}
