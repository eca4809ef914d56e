import { style } from '@vanilla-extract/css';

export const layer = style({
  position: 'fixed',
  inset: 0,
  zIndex: 50,
  display: 'flex',
  flexDirection: 'column',
  background: '#000',
  color: '#fff',
  touchAction: 'none',
});
export const bar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 8,
  minHeight: 52,
  padding: '0 8px',
  paddingTop: 'env(safe-area-inset-top)',
  paddingLeft: 'max(8px, env(safe-area-inset-left))',
  paddingRight: 'max(8px, env(safe-area-inset-right))',
});
export const stage = style({ position: 'relative', flex: 1, overflow: 'hidden' });
export const image = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  objectFit: 'contain',
  transformOrigin: '0 0',
  userSelect: 'none',
  willChange: 'transform',
});
export const control = style({
  minWidth: 44,
  minHeight: 44,
  padding: '0 12px',
  border: 0,
  borderRadius: 22,
  background: 'rgba(255,255,255,0.14)',
  color: '#fff',
  fontSize: 16,
  cursor: 'pointer',
  selectors: { '&:disabled': { opacity: 0.35 } },
});
export const keep = style({ display: 'flex', justifyContent: 'center', gap: 12, padding: '8px 16px 0' });
export const hint = style({
  margin: 0,
  padding: '8px 16px',
  paddingBottom: 'max(8px, env(safe-area-inset-bottom))',
  textAlign: 'center',
  fontSize: 13,
  color: 'rgba(255,255,255,0.75)',
});
