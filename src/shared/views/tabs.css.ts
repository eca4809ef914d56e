import { style } from '@vanilla-extract/css';
import { brandVars, tokens } from '../theme/theme.css';

/**
 * The tab strip: every tab on one line, each as wide as its label and the room left shared out
 * evenly, so the gaps between labels are equal. Should labels ever need more than the screen, the
 * strip scrolls sideways; a label never wraps.
 */
export const tabs = style({
  position: 'sticky',
  top: 'calc(48px + env(safe-area-inset-top))',
  zIndex: 5,
  display: 'flex',
  overflowX: 'auto',
  overflowY: 'hidden',
  scrollbarWidth: 'none',
  margin: `calc(-1 * ${tokens.size.gap}) calc(-1 * ${tokens.size.gap}) ${tokens.size.gap}`,
  background: tokens.colour.surface,
  borderBottom: `1px solid ${tokens.colour.line}`,
  selectors: { '&::-webkit-scrollbar': { display: 'none' } },
});
/** A little under body size (14 px at 320 px, 15.75 px at 375 px) and tight sides, so four English tabs fit a 320 px screen. */
export const tab = style({
  flex: '1 0 auto',
  minWidth: tokens.size.touch,
  minHeight: 48,
  padding: '0 max(6px, 0.2rem)',
  border: 0,
  borderBottom: '3px solid transparent',
  background: 'transparent',
  color: tokens.colour.textMuted,
  fontSize: 'max(14px, 0.42rem)',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  // The label is also laid out, unseen, in bold (data-label), so selecting a tab never widens it.
  display: 'inline-flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  selectors: {
    '&[aria-selected="true"]': { color: brandVars.brandStrong, borderBottomColor: brandVars.brandStrong, fontWeight: 600 },
    '&::after': { content: 'attr(data-label)', fontWeight: 600, height: 0, overflow: 'hidden', visibility: 'hidden' },
  },
});
