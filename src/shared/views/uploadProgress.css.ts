import { style } from '@vanilla-extract/css';
import { brandVars, tokens } from '../theme/theme.css';

/** As wide as its place, also where the block centres its items (the avatar). */
export const progress = style({ display: 'grid', gap: 4, width: '100%' });
export const track = style({ height: 8, borderRadius: 4, background: tokens.colour.line, overflow: 'hidden' });
export const bar = style({ height: '100%', background: brandVars.brandStrong, transition: 'width 120ms linear' });
export const text = style({ margin: 0, color: tokens.colour.textMuted, fontSize: tokens.size.small, lineHeight: 1.5, fontVariantNumeric: 'tabular-nums' });
