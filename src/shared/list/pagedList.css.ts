import { style } from '@vanilla-extract/css';
import { tokens } from '../theme/theme.css';

export const pullHint = style({
  display: 'flex',
  alignItems: 'flex-end',
  justifyContent: 'center',
  overflow: 'hidden',
  color: tokens.colour.textMuted,
  fontSize: tokens.size.small,
  transition: 'height 160ms ease',
});
export const footer = style({
  minHeight: 56,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  color: tokens.colour.textMuted,
  fontSize: tokens.size.small,
});
export const sentinel = style({ height: 1 });
