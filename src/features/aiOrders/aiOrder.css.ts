import { style, styleVariants } from '@vanilla-extract/css';
import { brandVars, tokens } from '../../shared/theme/theme.css';
import { card } from '../../shared/views/ui.css';

export const tabs = style({
  position: 'sticky',
  top: 'calc(48px + env(safe-area-inset-top))',
  zIndex: 5,
  display: 'grid',
  gridTemplateColumns: 'repeat(4, 1fr)',
  margin: `calc(-1 * ${tokens.size.gap}) calc(-1 * ${tokens.size.gap}) ${tokens.size.gap}`,
  background: tokens.colour.surface,
  borderBottom: `1px solid ${tokens.colour.line}`,
});
export const tab = style({
  minHeight: 48,
  border: 0,
  borderBottom: '3px solid transparent',
  background: 'transparent',
  color: tokens.colour.textMuted,
  fontSize: tokens.size.body,
  cursor: 'pointer',
  selectors: {
    '&[aria-selected="true"]': { color: brandVars.brandStrong, borderBottomColor: brandVars.brandStrong, fontWeight: 600 },
  },
});
export const orderCard = style([card, { display: 'grid', gap: 6, cursor: 'pointer' }]);
export const head = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 });
export const time = style({ color: tokens.colour.textMuted, fontSize: tokens.size.small, fontVariantNumeric: 'tabular-nums' });
export const line = style({ margin: 0, display: 'flex', gap: 8 });
export const term = style({ color: tokens.colour.textMuted, minWidth: '5em' });
export const amount = style({ fontWeight: 700, fontVariantNumeric: 'tabular-nums' });
const chip = style({ padding: '2px 10px', borderRadius: 12, fontSize: tokens.size.small, fontWeight: 600, color: '#fff' });
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
  display: 'flex',
  justifyContent: 'flex-end',
  gap: 8,
  marginTop: 8,
  paddingTop: 12,
  borderTop: `1px solid ${tokens.colour.line}`,
});
export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 30,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: 'rgba(255, 255, 255, 0.82)',
});
/** Up to three buttons share one row, even at 320 px. */
export const actionButton = style({ flex: '0 1 auto', minWidth: 0, paddingLeft: 12, paddingRight: 12 });
