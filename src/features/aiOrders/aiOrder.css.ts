import { style, styleVariants } from '@vanilla-extract/css';
import { tokens } from '../../shared/theme/theme.css';
import { card } from '../../shared/views/ui.css';

/**
 * A card is a two-column grid: the term column has one width in every card of a language (the
 * longest term: four characters in Chinese, "Detection status" in English; wider only if a term
 * needs it), so values line up down the whole list; a long value wraps inside the value column,
 * never under its term. The definition list and each of its lines are `display: contents`, so the
terms and values are the grid's own cells.
 */
export const orderCard = style([
  card,
  {
    display: 'grid',
    gridTemplateColumns: 'minmax(max-content, 4.5em) minmax(0, 1fr)',
    columnGap: 12,
    rowGap: 6,
    alignItems: 'baseline',
    overflowWrap: 'anywhere',
    cursor: 'pointer',
    selectors: { 'html[lang="en"] &': { gridTemplateColumns: 'minmax(max-content, 7.5em) minmax(0, 1fr)' } },
  },
]);
export const head = style({ gridColumn: '1 / -1', display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 });
export const time = style({ minWidth: 0, color: tokens.colour.textMuted, fontSize: tokens.size.small, fontVariantNumeric: 'tabular-nums' });
export const fields = style({ display: 'contents' });
export const line = style({ display: 'contents' });
export const term = style({ color: tokens.colour.textMuted, overflowWrap: 'break-word' });
export const value = style({ margin: 0 });
export const amount = style({ fontWeight: 700, fontVariantNumeric: 'tabular-nums' });
const chip = style({ flexShrink: 0, padding: '2px 10px', borderRadius: 12, fontSize: tokens.size.small, fontWeight: 600, color: '#fff', whiteSpace: 'nowrap' });
export const label = styleVariants({
  toBePaid: [chip, { background: tokens.status.toBePaid }],
  tradeSuccessful: [chip, { background: tokens.status.succeeded }],
  tradeClosed: [chip, { background: tokens.status.closed }],
});
export const detection = styleVariants({
  analysing: { color: tokens.status.inProgress, fontWeight: 600 },
  succeeded: { color: tokens.status.succeeded, fontWeight: 600 },
  failed: { color: tokens.status.failed, fontWeight: 600 },
});
export const actions = style({
  gridColumn: '1 / -1',
  display: 'flex',
  justifyContent: 'flex-end',
  gap: 'max(6px, 0.2rem)',
  marginTop: 8,
  paddingTop: 12,
  borderTop: `1px solid ${tokens.colour.line}`,
});
/**
 * A card's buttons keep one line each and share one row, even three English ones at 320 px
 * ("Apply progress", "Cancel order", "Go to pay"): small type (13 px at 320 px, 14 px at 375 px),
 * medium weight, and with three buttons the row is shared out: each is its label plus an equal
 * share of the room left. One or two buttons keep their own size at the row's end.
 */
export const actionButton = style({
  flex: '0 1 auto',
  minWidth: tokens.size.touch,
  paddingLeft: 16,
  paddingRight: 16,
  fontSize: tokens.size.small,
  fontWeight: 500,
  whiteSpace: 'nowrap',
  selectors: {
    '&:first-child:nth-last-child(n + 3), &:first-child:nth-last-child(n + 3) ~ &': { flex: '1 1 auto', paddingLeft: 4, paddingRight: 4 },
  },
});
