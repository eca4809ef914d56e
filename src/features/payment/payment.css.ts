import { style } from '@vanilla-extract/css';

/** While a payment is under way the page stays visible but cannot be tapped. */
export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 30,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: 'rgba(255, 255, 255, 0.82)',
});
