import { style } from '@vanilla-extract/css';
import { brandVars, tokens } from '../../shared/theme/theme.css';

export const page = style({ display: 'grid', gap: tokens.size.gap });

export const intro = style({ margin: 0, fontSize: tokens.size.title, fontWeight: 600, lineHeight: 1.4 });

export const bag = style({
  display: 'grid',
  gap: 4,
  padding: tokens.size.gap,
  borderRadius: tokens.size.radius,
  background: brandVars.brandSoft,
  color: tokens.colour.text,
});
export const bagTitle = style({ margin: 0, fontWeight: 600 });
export const bagLine = style({ margin: 0, fontSize: tokens.size.small, color: tokens.colour.textMuted });

export const captcha = style({
  flex: '0 0 auto',
  // The image code at a size an older patient reads (server/collect/captchaImage.ts draws 160 x 60).
  width: 136,
  height: 51,
  padding: 0,
  border: `1px solid ${tokens.colour.line}`,
  borderRadius: 8,
  background: '#fff',
  overflow: 'hidden',
  display: 'grid',
  placeItems: 'center',
  color: tokens.colour.textMuted,
  fontSize: tokens.size.small,
});
export const captchaImage = style({ width: '100%', height: '100%', display: 'block' });

export const sentTo = style({ margin: 0, fontSize: tokens.size.body });
export const resendRow = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 8 });
export const wide = style({ width: '100%' });
