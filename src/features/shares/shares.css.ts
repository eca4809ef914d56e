import { style, styleVariants } from '@vanilla-extract/css';
import { brandVars, tokens } from '../../shared/theme/theme.css';
import { input } from '../../shared/views/form.css';
import { card, modalityBadge } from '../../shared/views/ui.css';

export { facts, factName, factValue } from '../../shared/views/facts.css';

export const page = style({ display: 'grid', gap: tokens.size.gap, minWidth: 0 });

/** The box for a pasted link and access code: a few lines, so a pasted message shows whole. */
export const pasteBox = style([input, { padding: '10px 12px', minHeight: 88, resize: 'vertical', lineHeight: 1.4, wordBreak: 'break-all' }]);

export const heading = style({ margin: 0, fontSize: tokens.size.title, fontWeight: 600 });
export const listHeading = style([heading, { marginTop: 8 }]);

/** The new share: what was made, the code large enough to read out, the QR code centred. */
export const created = style({ display: 'grid', gap: tokens.size.gap, justifyItems: 'stretch', minWidth: 0 });
export const codeBlock = style({
  display: 'grid',
  justifyItems: 'center',
  gap: 4,
  padding: '12px 8px',
  borderRadius: tokens.size.radius,
  background: brandVars.brandSoft,
});
export const accessCode = style({
  margin: 0,
  fontSize: 'max(32px, 0.96rem)',
  fontWeight: 700,
  letterSpacing: '0.3em',
  paddingLeft: '0.3em',
  fontVariantNumeric: 'tabular-nums',
  color: brandVars.brandStrong,
});
export const qr = style({ width: 'min(180px, 56vw)', height: 'auto', justifySelf: 'center', display: 'block', background: '#fff' });
export const url = style({
  margin: 0,
  padding: '10px 12px',
  borderRadius: 8,
  border: `1px solid ${tokens.colour.line}`,
  fontSize: tokens.size.small,
  overflowWrap: 'anywhere',
  userSelect: 'all',
  WebkitUserSelect: 'all',
});
export const hint = style({
  margin: 0,
  padding: '10px 12px',
  borderRadius: 8,
  background: tokens.colour.page,
  color: tokens.colour.text,
  fontSize: tokens.size.small,
  lineHeight: 1.5,
});

/** One share of the list. */
export const row = style([card, { display: 'grid', gap: 8, minWidth: 0 }]);
export const rowHead = style({ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 });
/** The modality badge every study card shows. */
export const modality = modalityBadge;
export const rowTitle = style({ margin: 0, flex: 1, minWidth: 0, fontSize: tokens.size.title, fontWeight: 600, overflowWrap: 'anywhere' });
const stateBase = style({ flexShrink: 0, whiteSpace: 'nowrap', fontSize: tokens.size.small, fontWeight: 600 });
/** Colour goes with the label, never alone (ui.md). */
export const state = styleVariants({
  active: [stateBase, { color: tokens.status.succeeded }],
  expired: [stateBase, { color: tokens.status.closed }],
  revoked: [stateBase, { color: tokens.status.closed }],
});
export const meta = style({ margin: 0, color: tokens.colour.textMuted, fontSize: tokens.size.small, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' });
export const codes = style({ fontWeight: 600, letterSpacing: '0.05em' });
export const rowActions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', gap: 10 });
const strongLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: tokens.size.touch,
  color: brandVars.brandStrong,
  fontWeight: 600,
});
/** Who opened it: the share's log, on top of this list. */
export const logLink = style([strongLink, { marginRight: 'auto' }]);
export const revoke = style({
  minWidth: 88,
  minHeight: tokens.size.touch,
  padding: '0 16px',
  border: `1px solid ${tokens.colour.line}`,
  borderRadius: 22,
  background: tokens.colour.surface,
  color: tokens.colour.danger,
  font: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
  selectors: { '&:disabled': { opacity: 0.5, cursor: 'default' }, '&:active': { background: tokens.colour.page } },
});

/** The code page: whose share it is, then the access code. */
export const preview = style([card, { display: 'grid', gap: 6, minWidth: 0 }]);
export const previewLead = style({ margin: 0, fontSize: tokens.size.title, fontWeight: 600, overflowWrap: 'anywhere' });
export const previewLine = style({ margin: 0, color: tokens.colour.textMuted, fontSize: tokens.size.small, overflowWrap: 'anywhere' });
export const previewSkeleton = style([card, { display: 'grid', gap: 10 }]);

/** Who opened a share (issue 27 §4): totals, the notice switch, then one line per try. */
export const logTotals = style({ margin: 0, fontWeight: 600, overflowWrap: 'anywhere' });
export const notifyRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 10, justifyContent: 'space-between' });
export const notifyText = style({ margin: 0, flex: '1 1 12em', minWidth: 0, fontSize: tokens.size.small, lineHeight: 1.5, overflowWrap: 'anywhere' });
export const openings = style({ display: 'grid', margin: 0, padding: 0, listStyle: 'none', borderTop: `1px solid ${tokens.colour.line}` });
/** The time and the result on one line, the device under the time: nothing wraps mid-word at 320 px. */
export const opening = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  columnGap: 10,
  rowGap: 2,
  padding: '10px 0',
  borderBottom: `1px solid ${tokens.colour.line}`,
  fontSize: tokens.size.small,
});
export const openingTime = style({ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' });
export const openingDevice = style({ gridColumn: '1 / -1', gridRow: 2, color: tokens.colour.textMuted, overflowWrap: 'anywhere' });
const openingResultBase = style({ fontWeight: 600, textAlign: 'end', overflowWrap: 'anywhere' });
/** Colour goes with the words, never alone (ui.md). */
export const openingResult = styleVariants({
  right: [openingResultBase, { color: tokens.status.succeeded }],
  wrong: [openingResultBase, { color: tokens.status.failed }],
});
export const allShares = style([strongLink, { justifySelf: 'start' }]);
