import { style } from '@vanilla-extract/css';
import { brandVars, tokens } from '../../shared/theme/theme.css';
import { card } from '../../shared/views/ui.css';

export const page = style({ display: 'grid', gap: tokens.size.gap, minWidth: 0 });
export const section = style([card, { display: 'grid', gap: 12, minWidth: 0 }]);
export const heading = style({ margin: 0, fontSize: tokens.size.title, fontWeight: 600 });
export const title = style({ margin: 0, fontSize: tokens.size.heading, fontWeight: 700, overflowWrap: 'anywhere' });
export const muted = style({ margin: 0, color: tokens.colour.textMuted, fontSize: tokens.size.small, lineHeight: 1.5 });
export const text = style({ margin: 0, lineHeight: 1.6, overflowWrap: 'anywhere' });
export const problem = style({ margin: 0, color: tokens.colour.danger, fontWeight: 600, lineHeight: 1.5 });
export const success = style({ margin: 0, color: tokens.status.succeeded, fontWeight: 600, lineHeight: 1.5 });

/** Label and value pairs (study, size, expiry). */
export const facts = style({ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: '6px 12px', margin: 0 });
/** One fact: its term and value are the grid's own cells. */
export const factLine = style({ display: 'contents' });
export const factName = style({ color: tokens.colour.textMuted, fontSize: tokens.size.small, whiteSpace: 'nowrap' });
export const factValue = style({ margin: 0, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' });

/** The two formats: large cards to tap, each with its plain explanation. */
export const options = style({ display: 'grid', gap: 10 });
export const option = style({
  display: 'grid',
  gap: 4,
  width: '100%',
  minHeight: 64,
  padding: '12px 14px',
  textAlign: 'left',
  border: `1px solid ${tokens.colour.line}`,
  borderRadius: tokens.size.radius,
  background: tokens.colour.surface,
  color: tokens.colour.text,
  font: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&[aria-checked="true"]': { borderColor: brandVars.brandStrong, background: brandVars.brandSoft, boxShadow: `inset 0 0 0 1px ${brandVars.brandStrong}` },
    '&:focus-visible': { outline: `3px solid ${brandVars.brand}`, outlineOffset: 2 },
    '&:disabled': { opacity: 0.6, cursor: 'default' },
  },
});
export const optionTitle = style({ fontWeight: 600, fontSize: tokens.size.body });
export const optionNote = style({ color: tokens.colour.textMuted, fontSize: tokens.size.small, lineHeight: 1.5 });

/** A switch row: the label takes the room, the switch stays at its size. */
export const switchRow = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12, minHeight: 44, cursor: 'pointer' });
export const switchLabel = style({ fontWeight: 600, minWidth: 0 });
export const switchInput = style({
  appearance: 'none',
  flexShrink: 0,
  position: 'relative',
  width: 52,
  height: 32,
  margin: 6,
  borderRadius: 16,
  background: tokens.colour.line,
  cursor: 'pointer',
  transition: 'background 120ms ease',
  '::before': {
    content: '""',
    position: 'absolute',
    top: 3,
    left: 3,
    width: 26,
    height: 26,
    borderRadius: '50%',
    background: '#fff',
    boxShadow: '0 1px 3px rgba(0,0,0,0.3)',
    transition: 'transform 120ms ease',
  },
  selectors: {
    '&:checked': { background: brandVars.brandStrong },
    '&:checked::before': { transform: 'translateX(20px)' },
    '&:focus-visible': { outline: `3px solid ${brandVars.brand}`, outlineOffset: 2 },
    '&:disabled': { opacity: 0.5, cursor: 'default' },
  },
});

export const progressTrack = style({ height: 12, borderRadius: 6, background: tokens.colour.line, overflow: 'hidden' });
export const progressBar = style({
  height: '100%',
  borderRadius: 6,
  background: brandVars.brandStrong,
  transition: 'width 300ms ease',
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});
export const progressLine = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 12 });
export const percent = style({ fontSize: tokens.size.heading, fontWeight: 700, fontVariantNumeric: 'tabular-nums', color: brandVars.brandStrong });

/** A link that looks like a button, full width. */
export const linkButton = style({ display: 'flex', alignItems: 'center', justifyContent: 'center', width: '100%', boxSizing: 'border-box', textDecoration: 'none', textAlign: 'center' });
export const actionLink = style({ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', textDecoration: 'none' });
export const wide = style({ width: '100%' });

export const note = style({
  margin: 0,
  padding: '10px 12px',
  borderRadius: 8,
  background: brandVars.brandSoft,
  color: tokens.colour.text,
  fontSize: tokens.size.small,
  lineHeight: 1.5,
});
export const warningNote = style([note, { background: '#FEF3C7', color: '#78350F' }]);

/** The link, shown to copy by hand when the clipboard cannot be used. */
export const linkField = style({
  width: '100%',
  boxSizing: 'border-box',
  minHeight: 44,
  padding: '10px 12px',
  border: `1px solid ${tokens.colour.line}`,
  borderRadius: 8,
  background: tokens.colour.page,
  color: tokens.colour.text,
  font: 'inherit',
  fontSize: 'max(16px, 0.427rem)',
  userSelect: 'all',
  WebkitUserSelect: 'all',
});

/** A download record: the study, its tags, how and when, and the action. */
export const record = style([card, { display: 'grid', gap: 8, minWidth: 0 }]);
export const recordTitle = style({ margin: 0, fontSize: tokens.size.title, fontWeight: 600, overflowWrap: 'anywhere' });
export const tags = style({ display: 'flex', flexWrap: 'wrap', gap: 6, margin: 0, padding: 0, listStyle: 'none' });
export const tag = style({
  padding: '2px 10px',
  borderRadius: 12,
  background: brandVars.brandSoft,
  color: brandVars.brandStrong,
  fontSize: tokens.size.small,
  fontWeight: 600,
});
export const recordFooter = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 8 });
export const againLink = style({ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', minWidth: 0, textDecoration: 'none', paddingLeft: 16, paddingRight: 16 });
export const expired = style({ display: 'inline-flex', alignItems: 'center', minHeight: 44, color: tokens.status.closed, fontWeight: 600 });
