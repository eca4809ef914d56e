import { style } from '@vanilla-extract/css';
import { brandVars, tokens } from '../../shared/theme/theme.css';
import { input } from '../../shared/views/form.css';
import { card } from '../../shared/views/ui.css';

export const page = style({ display: 'grid', gap: tokens.size.gap });
export const section = style([card, { display: 'grid', gap: 4, padding: `${tokens.size.gap} 0` }]);
export const sectionTitle = style({ margin: 0, padding: `0 ${tokens.size.gap}`, fontSize: tokens.size.title, fontWeight: 600 });
export const list = style({ margin: 0, padding: 0, listStyle: 'none' });
export const question = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: tokens.size.touch,
  padding: `8px ${tokens.size.gap}`,
  color: tokens.colour.text,
  textDecoration: 'none',
  lineHeight: 1.4,
  overflowWrap: 'anywhere',
  selectors: { '&:active': { background: tokens.colour.line } },
});
export const questionText = style({ margin: 0 });
export const article = style([card, { display: 'grid', gap: tokens.size.gap }]);
export const articleType = style({ margin: 0, fontSize: tokens.size.small, color: tokens.colour.textMuted });
export const articleTitle = style({ margin: 0, fontSize: tokens.size.heading, fontWeight: 600, lineHeight: 1.35 });
export const paragraph = style({ margin: 0, lineHeight: 1.7 });
export const updated = style({ margin: 0, fontSize: tokens.size.small, color: tokens.colour.textMuted });

/** The way to the feedback form, above the questions. */
export const feedbackEntry = style([card, {
  display: 'grid',
  gap: 2,
  minHeight: tokens.size.touch,
  color: tokens.colour.text,
  textDecoration: 'none',
  selectors: { '&:active': { background: tokens.colour.line } },
}]);
export const feedbackEntryTitle = style({ margin: 0, fontSize: tokens.size.title, fontWeight: 600, color: brandVars.brandStrong });
export const feedbackEntryText = style({ margin: 0, fontSize: tokens.size.small, color: tokens.colour.textMuted, overflowWrap: 'anywhere' });

/** The feedback form. */
/** Several lines to write in (issue 24 §11): doubled up, so the one-line input's height never wins. */
export const textarea = style([input, { padding: 12, lineHeight: 1.5, resize: 'vertical', selectors: { '&&': { minHeight: '8em' } } }]);
export const counter = style({ justifySelf: 'end', fontSize: tokens.size.small, color: tokens.colour.textMuted, fontVariantNumeric: 'tabular-nums' });
export const thumbs = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(84px, 1fr))', gap: 8, margin: 0, padding: 0, listStyle: 'none' });
export const thumb = style({ position: 'relative', aspectRatio: '1', borderRadius: 8, overflow: 'hidden', background: '#111' });
export const thumbImage = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block' });
export const thumbRemove = style({
  position: 'absolute',
  top: 0,
  right: 0,
  width: 44,
  height: 44,
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'flex-end',
  padding: 4,
  border: 0,
  background: 'transparent',
  cursor: 'pointer',
});
export const thumbRemoveMark = style({
  width: 24,
  height: 24,
  borderRadius: 12,
  background: 'rgba(0, 0, 0, 0.6)',
  color: '#fff',
  fontSize: 16,
  lineHeight: '24px',
  textAlign: 'center',
});
export const addTile = style({
  position: 'relative',
  aspectRatio: '1',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 2,
  boxSizing: 'border-box',
  minHeight: tokens.size.touch,
  border: `1px dashed ${brandVars.brandStrong}`,
  borderRadius: 8,
  background: tokens.colour.surface,
  color: brandVars.brandStrong,
  font: 'inherit',
  fontSize: tokens.size.small,
  textAlign: 'center',
  cursor: 'pointer',
  overflowWrap: 'anywhere',
  padding: 4,
  selectors: { '&:focus-within': { outline: `2px solid ${brandVars.brandStrong}`, outlineOffset: 2 } },
});
export const addPlus = style({ fontSize: 28, lineHeight: 1 });
export const fileInput = style({ position: 'absolute', inset: 0, width: '100%', height: '100%', opacity: 0, cursor: 'pointer' });
export const receiptId = style({ margin: 0, fontVariantNumeric: 'tabular-nums', fontWeight: 600, overflowWrap: 'anywhere' });

/** The visitor's ways in below an article, on a card of their own. */
export const visitor = style([card, { display: 'grid', gap: tokens.size.gap, marginTop: tokens.size.gap, padding: tokens.size.gap }]);
