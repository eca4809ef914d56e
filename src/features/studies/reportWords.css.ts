import { style } from '@vanilla-extract/css';
import { brandVars, tokens } from '../../shared/theme/theme.css';

/**
 * A word of the report the patient can look up: the doctor's text as written, dotted under, and
 * a tap away from its plain meaning. Inline in a sentence (WCAG 2.5.8 leaves inline targets their
 * line's height), with a little padding so a thumb finds it.
 */
export const term = style({
  display: 'inline',
  margin: 0,
  padding: '2px 1px',
  border: 0,
  background: 'none',
  font: 'inherit',
  lineHeight: 'inherit',
  color: 'inherit',
  textDecoration: 'underline dotted',
  textDecorationColor: brandVars.brand,
  textDecorationThickness: 2,
  textUnderlineOffset: 4,
  cursor: 'pointer',
  ':focus-visible': { outline: `2px solid ${brandVars.brand}`, outlineOffset: 2, borderRadius: 4 },
});

/** The summary card: the impression's items in plain words, before the doctor's text. */
export const summary = style({ display: 'grid', gap: 10, padding: 14, borderRadius: tokens.size.radius, background: brandVars.brandSoft });
export const summaryHeading = style({ margin: 0, fontSize: tokens.size.body, fontWeight: 700 });
export const summaryItems = style({ display: 'grid', gap: 12, margin: 0, padding: 0, listStyle: 'none' });
export const summaryItem = style({
  display: 'grid',
  gap: 4,
  selectors: { '& + &': { borderTop: `1px solid ${tokens.colour.line}`, paddingTop: 12 } },
});
/** The doctor's sentence an item reads, above its plain words, so each is seen against the other. */
export const summaryQuote = style({ margin: 0, color: tokens.colour.textMuted, fontSize: tokens.size.small, lineHeight: 1.5, overflowWrap: 'anywhere' });
export const summaryNames = style({ margin: 0, fontWeight: 600, overflowWrap: 'anywhere' });
export const summaryLine = style({ margin: 0, lineHeight: 1.6, overflowWrap: 'anywhere' });
export const summaryNote = style({ margin: 0, color: tokens.colour.textMuted, fontSize: tokens.size.small, lineHeight: 1.5 });
export const onImages = style({
  justifySelf: 'start',
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 44,
  padding: '0 14px',
  borderRadius: 22,
  background: tokens.colour.surface,
  color: brandVars.brandStrong,
  fontWeight: 600,
  textDecoration: 'none',
});

/** The plain meaning of one word: a sheet from the bottom of the screen, above the safe area. */
export const sheetBackdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: 40,
  display: 'flex',
  alignItems: 'flex-end',
  justifyContent: 'center',
  background: 'rgba(15, 23, 42, 0.45)',
});
export const sheet = style({
  width: 'min(100%, 560px)',
  maxHeight: '85%',
  overflowY: 'auto',
  borderRadius: '16px 16px 0 0',
  background: tokens.colour.surface,
  padding: 'clamp(20px, 0.64rem, 24px)',
  paddingBottom: 'calc(clamp(20px, 0.64rem, 24px) + env(safe-area-inset-bottom))',
  display: 'grid',
  gap: 12,
});
export const sheetTitle = style({ margin: 0, fontSize: tokens.size.title, fontWeight: 700 });
export const sheetWritten = style({ margin: '-6px 0 0', color: tokens.colour.textMuted, fontSize: tokens.size.small });
export const sheetText = style({ margin: 0, lineHeight: 1.7 });
export const sheetAsk = style({ margin: 0, padding: 12, borderRadius: 10, background: brandVars.brandSoft, lineHeight: 1.6 });
export const sheetAskLabel = style({ display: 'block', fontWeight: 700, marginBottom: 2 });
