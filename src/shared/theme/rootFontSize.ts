import { rootFontSizePx } from '../rules/layout';

/**
 * The layout width is capped so a desktop window or tablet does not get giant type; on phones
 * the root font size is exactly screen width / 10 (spec section 9).
 */
export const MAX_LAYOUT_WIDTH = 750;

export function layoutRootFontSizePx(viewportWidth: number): number {
  return rootFontSizePx(Math.min(viewportWidth, MAX_LAYOUT_WIDTH));
}

/** Keeps the root font size right on resize and rotation; returns the cleanup. */
export function installRootFontSize(win: Window): () => void {
  const apply = () => {
    const width = win.document.documentElement.clientWidth || win.innerWidth;
    const size = layoutRootFontSizePx(width);
    if (size > 0) win.document.documentElement.style.fontSize = `${size}px`;
  };
  apply();
  const events = ['resize', 'orientationchange', 'pageshow'] as const;
  events.forEach((name) => win.addEventListener(name, apply));
  return () => events.forEach((name) => win.removeEventListener(name, apply));
}
