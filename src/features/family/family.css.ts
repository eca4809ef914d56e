import { style } from '@vanilla-extract/css';
import { brandVars, tokens } from '../../shared/theme/theme.css';
import { card } from '../../shared/views/ui.css';

/**
 * Whose records: one chip per person, the one shown pressed, in one row that scrolls sideways.
 * The row's height never changes and "Add" sits by the heading, so the members' chips arriving
 * after the first paint move nothing.
 */
export const switcher = style([card, { display: 'grid', gap: 8, minWidth: 0 }]);
export const switcherTop = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 });
export const heading = style({ margin: 0, fontSize: tokens.size.title, fontWeight: 600 });
export const chips = style({
  display: 'flex',
  gap: 8,
  overflowX: 'auto',
  overscrollBehaviorX: 'contain',
  scrollbarWidth: 'none',
  // Room for the focus ring, which the scrolling row would clip.
  padding: 4,
  margin: -4,
});
export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: tokens.size.touch,
  maxWidth: '100%',
  padding: '0 14px',
  borderRadius: 22,
  border: `1px solid ${tokens.colour.line}`,
  background: tokens.colour.surface,
  color: tokens.colour.text,
  font: 'inherit',
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': { background: brandVars.brandStrong, borderColor: brandVars.brandStrong, color: brandVars.onBrand, fontWeight: 600 },
    '&:focus-visible': { outline: `3px solid ${brandVars.brand}`, outlineOffset: 2 },
  },
});
/** A person in the switcher's row: one line, as wide as the name, never squeezed. */
export const personChip = style([chip, { flex: '0 0 auto', maxWidth: 'none', whiteSpace: 'nowrap' }]);
export const addChip = style([chip, { color: brandVars.brandStrong, fontWeight: 600, borderStyle: 'dashed' }]);
/** "Add" beside the heading: a touch-sized link in the brand's colour. */
export const addLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: tokens.size.touch,
  padding: '0 4px',
  flexShrink: 0,
  color: brandVars.brandStrong,
  fontWeight: 600,
  textDecoration: 'none',
  selectors: { '&:focus-visible': { outline: `3px solid ${brandVars.brand}`, outlineOffset: 2 } },
});

/** The personal centre's family: each member with remove, then the ways to add one. */
export const section = style([card, { display: 'grid', gap: 10, minWidth: 0 }]);
export const members = style({ display: 'grid', margin: 0, padding: 0, listStyle: 'none' });
export const member = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: 8,
  padding: '8px 0',
  borderBottom: `1px solid ${tokens.colour.line}`,
});
export const memberName = style({ flex: '1 1 8em', minWidth: 0, overflowWrap: 'anywhere' });
export const note = style({ margin: 0, color: tokens.colour.textMuted, fontSize: tokens.size.small, lineHeight: 1.5 });
export const remove = style({
  minHeight: tokens.size.touch,
  padding: '0 16px',
  borderRadius: 22,
  border: `1px solid ${tokens.colour.line}`,
  background: tokens.colour.surface,
  color: tokens.colour.danger,
  font: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
});
export const adds = style({ display: 'flex', flexWrap: 'wrap', gap: 8 });
