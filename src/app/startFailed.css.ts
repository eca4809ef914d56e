import { style } from '@vanilla-extract/css';
import { tokens } from '../shared/theme/theme.css';

export const page = style({
  minHeight: '100dvh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: tokens.size.gap,
  padding: `calc(24px + env(safe-area-inset-top)) 24px calc(24px + env(safe-area-inset-bottom))`,
  textAlign: 'center',
  fontFamily: tokens.font.body,
  fontSize: tokens.size.body,
  color: tokens.colour.text,
});

export const reload = style({
  minHeight: tokens.size.touch,
  minWidth: '160px',
  border: 'none',
  borderRadius: tokens.size.radius,
  background: tokens.colour.text,
  color: tokens.colour.surface,
  fontSize: tokens.size.body,
});
