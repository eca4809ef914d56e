import { globalStyle, keyframes } from '@vanilla-extract/css';
import { tokens } from './theme.css';
import { MAX_LAYOUT_WIDTH } from './rootFontSize';
import { ROOT_FONT_SIZE_DIVISOR } from '../rules/constants';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html', {
  WebkitTextSizeAdjust: '100%',
  textSizeAdjust: '100%',
  // The root size installRootFontSize keeps (screen width / 10, spec section 9), already at the
  // first paint: the frame index.html draws does not move when the script sets it.
  fontSize: `calc(min(100vw, ${MAX_LAYOUT_WIDTH}px) / ${ROOT_FONT_SIZE_DIVISOR})`,
});
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

// index.html's frame before the app's code has run (React replaces it on its first render): the
// top bar and placeholder cards, in the app's own colours and sizes.
globalStyle('.boot-bar', {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: 48,
  paddingTop: 'env(safe-area-inset-top)',
  background: tokens.colour.surface,
  borderBottom: `1px solid ${tokens.colour.line}`,
});
const line = (top: number, width: string) => `linear-gradient(${tokens.colour.line}, ${tokens.colour.line}) 16px ${top}px / ${width} 16px no-repeat`;
globalStyle('.boot-card', {
  height: 120,
  margin: `${tokens.size.gap} ${tokens.size.gap} 0`,
  borderRadius: tokens.size.radius,
  // The three lines of the app's own placeholder card (SkeletonList), in one element.
  background: `${line(20, '40%')}, ${line(52, '85%')}, ${line(84, '60%')}, ${tokens.colour.surface}`,
  boxShadow: '0 1px 2px rgba(15, 23, 42, 0.06)',
});

/** The app's code has not come after this long: the frame says so (the network may be gone). */
const BOOT_SLOW_AFTER = '8s';
const reveal = keyframes({ to: { visibility: 'visible', contentVisibility: 'visible' } });
globalStyle('.boot-slow', {
  // Its text is not laid out until shown (content-visibility), so the first paint of the frame
  // waits for no font; hidden as well where content-visibility is unknown.
  visibility: 'hidden',
  contentVisibility: 'hidden',
  margin: `${tokens.size.gap} ${tokens.size.gap} 0`,
  textAlign: 'center',
  color: tokens.colour.textMuted,
  animation: `${reveal} 0s ${BOOT_SLOW_AFTER} forwards`,
});
// The strings did not arrive (src/app/startFailed.ts): said at once.
globalStyle('.boot-failed .boot-slow', { visibility: 'visible', contentVisibility: 'visible' });
globalStyle('.boot-slow a', { display: 'inline-block', padding: '10px 0', color: 'inherit', fontWeight: 600 });
