import { style, styleVariants } from '@vanilla-extract/css';
import { brandVars, tokens } from '../../shared/theme/theme.css';
import { card, skeleton } from '../../shared/views/ui.css';

export const page = style({ display: 'grid', gap: tokens.size.gap });
export const section = style([card, { display: 'grid', gap: 10 }]);
export const sectionHeading = style({ margin: 0, fontSize: tokens.size.title, fontWeight: 600, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 });
// As tall as the logo, which arrives with the hospital's setting: the page does not move when it does.
export const hospital = style({ display: 'flex', alignItems: 'center', gap: 12, minHeight: 40 });
export const logo = style({ width: 40, height: 40, borderRadius: 10, background: '#fff', objectFit: 'contain', flexShrink: 0 });
export const hospitalName = style({ margin: 0, fontWeight: 600, overflowWrap: 'anywhere' });
export const studyTitle = style({ margin: 0, fontSize: tokens.size.heading, fontWeight: 700, overflowWrap: 'anywhere' });
export const facts = style({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '6px 12px', margin: 0 });
/** One fact: its term and value are the grid's own cells. */
export const factLine = style({ display: 'contents' });
export const factName = style({ color: tokens.colour.textMuted, fontSize: tokens.size.small, whiteSpace: 'nowrap' });
export const factValue = style({ margin: 0, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' });
/** A value on its way: a line of the value's height, shimmering. */
export const pendingValue = style([skeleton, { display: 'inline-block', width: '8em', height: '1em', verticalAlign: 'middle', marginBottom: 0 }]);
export const strip = style({
  display: 'flex',
  gap: 8,
  overflowX: 'auto',
  margin: 0,
  padding: '2px 0 6px',
  listStyle: 'none',
  scrollSnapType: 'x proximity',
});
export const thumb = style({
  position: 'relative',
  display: 'block',
  width: 88,
  height: 88,
  flexShrink: 0,
  borderRadius: 10,
  overflow: 'hidden',
  background: '#000',
  color: '#fff',
  scrollSnapAlign: 'start',
  textDecoration: 'none',
});
export const thumbImage = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block' });
export const thumbLabel = style({
  position: 'absolute',
  left: 0,
  right: 0,
  bottom: 0,
  padding: '2px 6px',
  fontSize: 12,
  background: 'rgba(0,0,0,0.55)',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});
export const thumbText = style({ display: 'flex', alignItems: 'center', justifyContent: 'center', height: '100%', fontWeight: 700 });
export const links = style({ display: 'flex', flexWrap: 'wrap', gap: 8 });
export const chipLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 44,
  padding: '0 14px',
  borderRadius: 22,
  background: brandVars.brandSoft,
  color: brandVars.brandStrong,
  fontWeight: 600,
  textDecoration: 'none',
});
export const reportHeading = style({ margin: '4px 0 0', fontSize: tokens.size.body, fontWeight: 600, color: tokens.colour.textMuted });
export const reportText = style({ margin: 0, lineHeight: 1.7, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });
export const impression = style([reportText, { fontWeight: 600 }]);
/** One AI order of the study, a whole-row link to its progress or result page. */
export const aiOrderLink = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  alignItems: 'center',
  gap: 4,
  minHeight: 44,
  color: 'inherit',
  textDecoration: 'none',
  '::after': { content: '"›"', color: tokens.colour.textMuted, fontSize: 20 },
});
export const muted = style({ margin: 0, color: tokens.colour.textMuted, fontSize: tokens.size.small });
const badge = style({ fontSize: tokens.size.small, fontWeight: 600, whiteSpace: 'nowrap' });
/** The report's state beside its heading, in the status colours (and always in words). */
export const reportBadge = styleVariants({
  final: [badge, { color: tokens.status.succeeded }],
  preliminary: [badge, { color: tokens.status.inProgress }],
});
export const warning = style({ margin: 0, color: tokens.status.failed, fontWeight: 600 });
export const actions = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
  gap: 8,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const action = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: 52,
  padding: '0 8px',
  borderRadius: tokens.size.radius,
  background: tokens.colour.page,
  border: `1px solid ${tokens.colour.line}`,
  color: tokens.colour.text,
  fontWeight: 600,
  textAlign: 'center',
  textDecoration: 'none',
});
/** A link that looks like the primary button, full width. */
export const wide = style({ display: 'flex', alignItems: 'center', justifyContent: 'center', width: '100%', textDecoration: 'none', boxSizing: 'border-box' });

/** Under a shared study: why there is nothing to buy or pass on. */
export const sharedNote = style({ margin: 0, padding: tokens.size.gap, borderRadius: tokens.size.radius, background: tokens.colour.surface, color: tokens.colour.textMuted, fontSize: tokens.size.small });
