import { globalStyle } from '@vanilla-extract/css';
import { tokens } from './theme.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html', { WebkitTextSizeAdjust: '100%', textSizeAdjust: '100%' });
globalStyle('body', {
  margin: 0,
  fontFamily: tokens.font.body,
  fontSize: tokens.size.body,
  lineHeight: 1.5,
  color: tokens.colour.text,
  background: tokens.colour.page,
  WebkitTapHighlightColor: 'transparent',
  overscrollBehaviorY: 'none',
});
globalStyle('button, input, select, textarea', { font: 'inherit' });
globalStyle('img, svg', { maxWidth: '100%' });
