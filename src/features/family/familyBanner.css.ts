import { style } from '@vanilla-extract/css';
import { tokens } from '../../shared/theme/theme.css';

/** Acting for a family member: said on every screen, with the way back, so nobody mistakes whose records these are. */
export const banner = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: 8,
  padding: '8px max(12px, env(safe-area-inset-left)) 8px max(12px, env(safe-area-inset-right))',
  background: tokens.status.inProgress,
  color: '#fff',
  fontSize: tokens.size.small,
});
export const bannerText = style({ flex: '1 1 12em', minWidth: 0, margin: 0, fontWeight: 600, overflowWrap: 'anywhere' });
export const bannerButton = style({
  minHeight: tokens.size.touch,
  padding: '0 14px',
  borderRadius: 22,
  border: '1px solid #fff',
  background: 'transparent',
  color: '#fff',
  font: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
});

