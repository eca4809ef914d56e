import { style } from '@vanilla-extract/css';
import { brandVars, tokens } from '../theme/theme.css';

/** The one look of a form (issue 13: collecting, e-mail, share codes): a card of labelled fields. */
export const form = style({
  display: 'grid',
  gap: tokens.size.gap,
  background: tokens.colour.surface,
  borderRadius: tokens.size.radius,
  padding: tokens.size.gap,
});

export const field = style({ display: 'grid', gap: 6 });
export const label = style({ fontSize: tokens.size.small, color: tokens.colour.textMuted });

export const input = style({
  minHeight: tokens.size.touch,
  width: '100%',
  boxSizing: 'border-box',
  padding: '0 12px',
  border: `1px solid ${tokens.colour.line}`,
  borderRadius: 8,
  background: tokens.colour.surface,
  color: tokens.colour.text,
  font: 'inherit',
  fontSize: 'max(16px, 0.427rem)',
  selectors: {
    '&:focus': { outline: `2px solid ${brandVars.brandStrong}`, outlineOffset: 1, borderColor: 'transparent' },
    '&[aria-invalid="true"]': { borderColor: tokens.colour.danger },
  },
});

/** A choice from a list (a native select): the input's box, with room for the arrow. */
export const select = style([input, { padding: '0 8px' }]);

/** Digits typed one after another (an SMS code, an access code): wide spacing, centred. */
export const codeInput = style([input, { textAlign: 'center', letterSpacing: '0.4em', fontVariantNumeric: 'tabular-nums', fontSize: tokens.size.heading }]);

export const row = style({ display: 'flex', gap: 8, alignItems: 'stretch' });
export const grow = style({ flex: 1, minWidth: 0 });

export const problem = style({ margin: 0, color: tokens.colour.danger, fontSize: tokens.size.small });
export const note = style({ margin: 0, color: tokens.colour.textMuted, fontSize: tokens.size.small, lineHeight: 1.5 });
export const success = style({ margin: 0, color: tokens.status.succeeded, fontSize: tokens.size.small });

/** Two or three choices side by side (a segmented control). */
export const segments = style({ display: 'flex', gap: 6, flexWrap: 'wrap' });
export const segment = style({
  flex: '1 1 0',
  minHeight: tokens.size.touch,
  minWidth: '5.5em',
  border: `1px solid ${tokens.colour.line}`,
  borderRadius: 8,
  background: tokens.colour.surface,
  color: tokens.colour.text,
  font: 'inherit',
  padding: '4px 8px',
  selectors: {
    '&[aria-checked="true"], &[aria-selected="true"]': { borderColor: brandVars.brandStrong, color: brandVars.brandStrong, fontWeight: 600, background: brandVars.brandSoft },
  },
});

export const textButton = style({
  minHeight: tokens.size.touch,
  border: 'none',
  background: 'none',
  color: brandVars.brandStrong,
  font: 'inherit',
  padding: '0 8px',
  selectors: { '&:disabled': { color: tokens.colour.textMuted } },
});
