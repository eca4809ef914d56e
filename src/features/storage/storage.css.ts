import { style, styleVariants } from '@vanilla-extract/css';
import { brandVars, tokens } from '../../shared/theme/theme.css';
import { card, modalityBadge } from '../../shared/views/ui.css';

/** An order card's facts, as the AI, storage and share cards show them. */
export { facts, factName, factValue } from '../../shared/views/facts.css';

export const page = style({ display: 'grid', gap: tokens.size.gap, minWidth: 0 });
export const heading = style({ margin: 0, fontSize: tokens.size.title, fontWeight: 600 });

/** A study and how long its images stay online. */
export const study = style([card, { display: 'grid', gap: 8, minWidth: 0 }]);
export const studyHead = style({ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 });
export const modality = modalityBadge;
export const studyTitle = style({ margin: 0, flex: 1, minWidth: 0, fontSize: tokens.size.title, fontWeight: 600, overflowWrap: 'anywhere' });
export const meta = style({ margin: 0, color: tokens.colour.textMuted, fontSize: tokens.size.small, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' });
const stateBase = style({ flexShrink: 0, whiteSpace: 'nowrap', fontSize: tokens.size.small, fontWeight: 600 });
/** Colour goes with the label, never alone (ui.md). */
export const state = styleVariants({
  active: [stateBase, { color: tokens.status.succeeded }],
  expiring: [stateBase, { color: tokens.status.toBePaid }],
  expired: [stateBase, { color: tokens.status.failed }],
  permanent: [stateBase, { color: tokens.status.succeeded }],
});
export const until = style({ margin: 0, fontSize: tokens.size.body, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' });

/** The plans, as cards the patient picks one of. */
export const plans = style({ display: 'grid', gap: 10 });
export const plan = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  alignItems: 'center',
  gap: 4,
  minHeight: 64,
  padding: '12px 14px',
  border: `2px solid ${tokens.colour.line}`,
  borderRadius: tokens.size.radius,
  background: tokens.colour.surface,
  color: tokens.colour.text,
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  selectors: {
    '&[aria-checked="true"]': { borderColor: brandVars.brand, background: brandVars.brandSoft },
    '&:disabled': { opacity: 0.6, cursor: 'default' },
  },
});
export const planName = style({ fontSize: tokens.size.title, fontWeight: 600, overflowWrap: 'anywhere' });
export const planPrice = style({ fontSize: tokens.size.title, fontWeight: 700, color: brandVars.brandStrong, fontVariantNumeric: 'tabular-nums', textAlign: 'right' });
export const planNote = style({ fontSize: tokens.size.small, color: tokens.colour.textMuted, overflowWrap: 'anywhere' });
export const originalPrice = style({ fontSize: tokens.size.small, color: tokens.colour.textMuted, textDecoration: 'line-through', textAlign: 'right' });
export const recommended = style({ marginLeft: 6, fontSize: tokens.size.small, fontWeight: 600, color: tokens.status.toBePaid, whiteSpace: 'nowrap' });
export const notice = style([card, { display: 'grid', gap: 8, borderLeft: `4px solid ${tokens.status.toBePaid}` }]);
export const wide = style({ width: '100%' });
export const links = style({ display: 'flex', flexWrap: 'wrap', gap: 12, justifyContent: 'center' });

/** One storage order of the list. */
export const order = style([card, { display: 'grid', gap: 8, minWidth: 0 }]);
export const orderStatus = styleVariants({
  toBePaid: [stateBase, { color: tokens.status.toBePaid }],
  paid: [stateBase, { color: tokens.status.succeeded }],
  closed: [stateBase, { color: tokens.status.closed }],
});
export const orderActions = style({ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 8 });
