import { style } from '@vanilla-extract/css';
import { tokens } from '../../shared/theme/theme.css';
import { card } from '../../shared/views/ui.css';

export const sheets = style({ display: 'grid', gap: tokens.size.gap, margin: 0, padding: 0, listStyle: 'none' });
export const grid = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 8, margin: 0, padding: 0, listStyle: 'none' });
export const tile = style([card, { display: 'grid', gap: 6, padding: 8, width: '100%', border: 0, cursor: 'pointer', textAlign: 'left', color: 'inherit', font: 'inherit' }]);
/**
 * The picture's frame: dark, with "loading" in the middle. The picture lies over it and keeps its own
 * aspect ratio before it arrives, so nothing below jumps; a film sheet is opaque, so as it arrives
 * (top down, as the bytes come) it covers the words, and nothing has to say "done".
 */
export const frame = style({ position: 'relative', display: 'grid', background: '#000', borderRadius: 8, overflow: 'hidden' });
export const loading = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 8,
  color: '#E5E7EB',
  fontSize: tokens.size.small,
});
export const picture = style({ position: 'relative', width: '100%', height: 'auto', display: 'block' });
export const caption = style({ margin: 0, color: tokens.colour.textMuted, fontSize: tokens.size.small });
export const block = style([card, { display: 'grid', gap: 10 }]);
export const heading = style({ margin: 0, fontSize: tokens.size.title, fontWeight: 600 });
