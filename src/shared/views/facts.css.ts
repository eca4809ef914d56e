import { style } from '@vanilla-extract/css';
import { tokens } from '../theme/theme.css';

/** A card's facts (dl/dt/dd: plan, amount, ordered at ...): names muted on the left, values wrapping on the right, small. */
export const facts = style({ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 12, rowGap: 4, fontSize: tokens.size.small });
export const factName = style({ color: tokens.colour.textMuted, whiteSpace: 'nowrap' });
export const factValue = style({ margin: 0, minWidth: 0, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' });
