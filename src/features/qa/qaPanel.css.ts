import { globalStyle, style } from '@vanilla-extract/css';

/** The QA panel is a tool, not the product: dark, dense, monospace, above everything. */
const ink = '#e8eaed';
const dim = '#9aa0a6';
const line = '#3c4043';
const accent = '#ffb300';

export const toggle = style({
  position: 'fixed',
  left: 'calc(8px + env(safe-area-inset-left))',
  bottom: 'calc(96px + env(safe-area-inset-bottom))',
  zIndex: 10000,
  width: 44,
  height: 44,
  borderRadius: 22,
  border: `1px solid ${line}`,
  background: 'rgba(32, 33, 36, 0.72)',
  color: ink,
  font: '600 13px/1 ui-monospace, SFMono-Regular, Menlo, monospace',
});

export const sheet = style({
  position: 'fixed',
  inset: 0,
  zIndex: 10001,
  display: 'flex',
  flexDirection: 'column',
  paddingTop: 'env(safe-area-inset-top)',
  paddingBottom: 'env(safe-area-inset-bottom)',
  background: '#17181b',
  color: ink,
  font: '13px/1.45 ui-monospace, SFMono-Regular, Menlo, monospace',
});

export const header = style({ display: 'flex', alignItems: 'center', gap: 8, padding: '0 4px 0 12px', minHeight: 48, borderBottom: `1px solid ${line}` });
export const title = style({ flex: 1, margin: 0, fontSize: 15, fontWeight: 600 });

export const button = style({
  minWidth: 44,
  minHeight: 44,
  padding: '0 12px',
  whiteSpace: 'nowrap',
  border: `1px solid ${line}`,
  borderRadius: 8,
  background: 'transparent',
  color: ink,
  font: 'inherit',
});

/** Tab labels keep one line; at 320 px they fit, and a longer count scrolls the strip rather than wrap. */
export const tabs = style({ display: 'flex', overflowX: 'auto', borderBottom: `1px solid ${line}` });
export const tab = style({
  flex: '1 0 auto',
  minHeight: 44,
  padding: '0 8px',
  whiteSpace: 'nowrap',
  border: 'none',
  borderBottom: '2px solid transparent',
  background: 'transparent',
  color: dim,
  font: 'inherit',
  selectors: { '&[aria-selected="true"]': { color: ink, borderBottomColor: accent } },
});

/** Long state values (JSON) break anywhere rather than push the panel wider than the phone. */
export const body = style({ flex: 1, overflow: 'auto', padding: 12, display: 'flex', flexDirection: 'column', gap: 12, overflowWrap: 'anywhere' });

export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: 8 });
export const chip = style([
  button,
  {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    justifyContent: 'center',
    textAlign: 'left',
    // A chip is a name over its state: two lines by design, and a long state wraps.
    whiteSpace: 'normal',
    selectors: { '&[aria-pressed="true"]': { borderColor: accent } },
  },
]);
export const small = style({ color: dim, fontSize: 11 });

/** At its own size the diagram is readable on a phone: the box pans, and follows the live state. */
export const diagram = style({ overflow: 'auto', maxHeight: '55vh', background: '#fff', borderRadius: 8, padding: 8, minHeight: 120, overscrollBehavior: 'contain' });
export const fitted = style({});
// The app's global rule shrinks every svg to its box; here the natural size is the point.
globalStyle(`${diagram} svg`, { maxWidth: 'none' });
globalStyle(`${diagram}${fitted} svg`, { maxWidth: '100%', height: 'auto' });
export const diagramBar = style({ display: 'flex', justifyContent: 'flex-end' });
globalStyle(`${diagram} [data-active="true"] > :is(path, polygon, ellipse)`, { fill: '#fff3c4', stroke: accent, strokeWidth: 3 });

export const log = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 6 });
export const entry = style({ borderLeft: `2px solid ${line}`, paddingLeft: 8, overflowWrap: 'anywhere' });
export const payload = style({ margin: 0, whiteSpace: 'pre-wrap', color: dim, fontSize: 11 });
export const empty = style({ color: dim });
