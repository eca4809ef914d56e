import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { brandVars, tokens } from '../../shared/theme/theme.css';
import { card, modalityBadge } from '../../shared/views/ui.css';

/** An order card's facts, as the AI, storage and share cards show them. */
export { facts, factName, factValue } from '../../shared/views/facts.css';

export const page = style({ display: 'grid', gap: tokens.size.gap, minWidth: 0 });
export const heading = style({ margin: 0, fontSize: tokens.size.title, fontWeight: 600, overflowWrap: 'anywhere' });
export const intro = style({ margin: 0, color: tokens.colour.textMuted, fontSize: tokens.size.small, lineHeight: 1.5 });

/** The study the page is about. */
export const study = style([card, { display: 'grid', gap: 6, minWidth: 0 }]);
export const studyHead = style({ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 });
export const modality = modalityBadge;
export const studyTitle = style({ margin: 0, flex: 1, minWidth: 0, fontSize: tokens.size.title, fontWeight: 600, overflowWrap: 'anywhere' });
export const meta = style({ margin: 0, color: tokens.colour.textMuted, fontSize: tokens.size.small, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' });

/** A study of the picker: the whole card is the link. */
export const studyLink = style([card, {
  display: 'grid',
  gap: 6,
  minWidth: 0,
  minHeight: tokens.size.touch,
  color: 'inherit',
  textDecoration: 'none',
  selectors: { '&:active': { background: tokens.colour.page }, '&:focus-visible': { outline: `3px solid ${brandVars.brand}`, outlineOffset: 2 } },
}]);

/** The channels, as cards the patient chooses one of. */
export const channels = style({ display: 'grid', gap: 10, minWidth: 0 });
export const channel = style([card, {
  display: 'grid',
  gap: 6,
  width: '100%',
  minWidth: 0,
  minHeight: tokens.size.touch,
  textAlign: 'left',
  font: 'inherit',
  color: tokens.colour.text,
  border: `2px solid transparent`,
  cursor: 'pointer',
  selectors: {
    '&[aria-checked="true"]': { borderColor: brandVars.brandStrong, background: brandVars.brandSoft },
    '&:disabled': { opacity: 0.6, cursor: 'default' },
    '&:focus-visible': { outline: `3px solid ${brandVars.brand}`, outlineOffset: 2 },
  },
}]);
export const channelHead = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', columnGap: 8, rowGap: 2 });
export const channelName = style({ fontSize: tokens.size.title, fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 });
export const price = style({ fontWeight: 700, fontVariantNumeric: 'tabular-nums', color: brandVars.brandStrong, whiteSpace: 'nowrap' });
export const description = style({ margin: 0, fontSize: tokens.size.body, lineHeight: 1.5, overflowWrap: 'anywhere' });

/** Colour goes with the label, never alone (ui.md). */
const statusBase = style({ fontSize: tokens.size.small, fontWeight: 600, overflowWrap: 'anywhere' });
export const status = styleVariants({
  toBePaid: [statusBase, { color: tokens.status.toBePaid }],
  inProgress: [statusBase, { color: tokens.status.inProgress }],
  succeeded: [statusBase, { color: tokens.status.succeeded }],
  failed: [statusBase, { color: tokens.status.failed }],
  closed: [statusBase, { color: tokens.status.closed }],
});

/** The primary action at the bottom of the page. */
export const actions = style({ display: 'grid', gap: 10 });
export const applied = style({ margin: 0, padding: '10px 12px', borderRadius: 8, background: brandVars.brandSoft, lineHeight: 1.5, overflowWrap: 'anywhere' });

/** The order being followed. */
export const order = style([card, { display: 'grid', gap: 10, minWidth: 0 }]);
export const bar = style({ height: 12, borderRadius: 6, background: tokens.colour.line, overflow: 'hidden' });
export const barFill = style({ height: '100%', borderRadius: 6, background: brandVars.brandStrong, transition: 'width 400ms ease', '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } } });
/** Past the estimate: a bar with no value, softly moving stripes (still while motion is reduced). */
const stripes = keyframes({ from: { backgroundPosition: '0 0' }, to: { backgroundPosition: '24px 0' } });
export const barFillWaiting = style([
  barFill,
  {
    opacity: 0.6,
    backgroundImage: 'repeating-linear-gradient(-45deg, transparent 0 6px, rgba(255, 255, 255, 0.45) 6px 12px)',
    backgroundSize: '24px 12px',
    animation: `${stripes} 1.2s linear infinite`,
    '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
  },
]);
export const longer = style({ display: 'grid', gap: 8 });
export const helpLinks = style({ display: 'flex', flexWrap: 'wrap', gap: 8 });
export const progressLine = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 8, fontVariantNumeric: 'tabular-nums', fontSize: tokens.size.small, color: tokens.colour.textMuted });
export const reason = style({ margin: 0, padding: '10px 12px', borderRadius: 8, background: tokens.colour.page, lineHeight: 1.5, overflowWrap: 'anywhere' });
export const summary = style({ margin: 0, fontSize: tokens.size.body, lineHeight: 1.6, overflowWrap: 'anywhere' });

/** The study's live order, first on the page: what it is, where it stands, and its progress a tap away. */
export const liveOrder = style({ display: 'grid', gap: 10 });

export const hint = style({ margin: 0, color: tokens.colour.textMuted, lineHeight: 1.5, textAlign: 'center' });
