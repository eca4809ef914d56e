import { globalStyle, keyframes, style, styleVariants } from '@vanilla-extract/css';
import { VIEWER_OVERLAY } from '../../shared/theme/palettes';
import { brandVars, tokens } from '../../shared/theme/theme.css';
import { AI_MARK_COLOUR as AI_MARK } from './aiMarkColour';

/**
 * The viewer is full screen under the top bar and dark (ui.md, imaging). Every band has a fixed
 * height, so nothing moves when a series loads, fails or finishes: the canvas takes what is left.
 */
const TOP_BAR = 'calc(49px + env(safe-area-inset-top))';
const TEXT = VIEWER_OVERLAY.text;
const OVERLAY_BAND = `rgba(0, 0, 0, ${VIEWER_OVERLAY.bandOpacity})`;
const MUTED = '#9CA3AF';
const LINE = '#374151';

export const root = style({
  position: 'fixed',
  top: TOP_BAR,
  bottom: 0,
  left: 0,
  right: 0,
  maxWidth: 750,
  margin: '0 auto',
  zIndex: 5,
  display: 'flex',
  flexDirection: 'column',
  background: '#000',
  color: TEXT,
  fontSize: tokens.size.body,
  overscrollBehavior: 'none',
});

export const status = style({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 16,
  padding: '24px 16px',
  textAlign: 'center',
});
export const statusText = style({ margin: 0, maxWidth: '28em', color: TEXT, overflowWrap: 'anywhere' });

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
export const spinner = style({
  width: 36,
  height: 36,
  borderRadius: '50%',
  border: `3px solid ${LINE}`,
  borderTopColor: TEXT,
  animation: `${spin} 0.9s linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '2.5s' } },
});

export const strip = style({
  flex: 'none',
  height: 76,
  display: 'flex',
  gap: 8,
  alignItems: 'center',
  overflowX: 'auto',
  overflowY: 'hidden',
  padding: '0 8px',
  paddingLeft: 'calc(8px + env(safe-area-inset-left))',
  paddingRight: 'calc(8px + env(safe-area-inset-right))',
  borderBottom: `1px solid ${LINE}`,
  scrollbarWidth: 'none',
});

const tileBase = style({
  flex: 'none',
  position: 'relative',
  width: 60,
  height: 60,
  padding: 0,
  border: `2px solid ${LINE}`,
  borderRadius: 8,
  background: '#111827',
  color: TEXT,
  overflow: 'hidden',
  cursor: 'pointer',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  fontSize: 12,
  lineHeight: 1.2,
  whiteSpace: 'nowrap',
  fontVariantNumeric: 'tabular-nums',
});
export const tile = styleVariants({
  plain: [tileBase],
  selected: [tileBase, { borderColor: brandVars.brand, boxShadow: `0 0 0 2px ${brandVars.brand}` }],
});
/** A thumbnail keeps its aspect ratio on the dark tile. */
export const thumb = style({ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain' });
/** The tile's image count, drawn from its data-count: one label per tile (the count is in its accessible name). */
export const tileCountBadge = style({
  selectors: {
    '&::after': {
      content: 'attr(data-count)',
      position: 'absolute',
      right: 2,
      bottom: 2,
      padding: '0 3px',
      borderRadius: 4,
      background: 'rgba(0, 0, 0, 0.7)',
      fontSize: 11,
    },
  },
});

export const stage = style({ position: 'relative', flex: 1, minHeight: 0, overflow: 'hidden', touchAction: 'none', userSelect: 'none' });
/** The AI marks, over the image at the stage's size; fingers go through to the stage. */
export const canvas = style({ position: 'absolute', inset: 0, width: '100%', height: '100%', display: 'block', pointerEvents: 'none' });
/** The image at its own pixels; the renderer places and sizes it (the compositor scales it). */
export const image = style({ position: 'absolute', left: 0, top: 0, display: 'block', visibility: 'hidden' });

const cornerBase = style({
  position: 'absolute',
  display: 'grid',
  gap: 2,
  maxWidth: '48%',
  fontSize: 12,
  lineHeight: 1.3,
  color: TEXT,
  textShadow: '0 0 3px #000, 0 0 2px #000',
  fontVariantNumeric: 'tabular-nums',
  pointerEvents: 'none',
  overflowWrap: 'anywhere',
});
// Each line on its own dark band: a shadow alone is lost on a bright image (a radiograph's bone, a
// white MIP); the band keeps the text above 4.5:1 even on pure white.
globalStyle(`${cornerBase} > *`, { background: OVERLAY_BAND, padding: '0 4px', borderRadius: 3 });
export const corner = styleVariants({
  topLeft: [cornerBase, { top: 6, left: 'calc(8px + env(safe-area-inset-left))', justifyItems: 'start' }],
  topRight: [cornerBase, { top: 6, right: 'calc(8px + env(safe-area-inset-right))', textAlign: 'right', justifyItems: 'end' }],
  bottomLeft: [cornerBase, { bottom: 6, left: 'calc(8px + env(safe-area-inset-left))', justifyItems: 'start' }],
  bottomRight: [cornerBase, { bottom: 6, right: 'calc(8px + env(safe-area-inset-right))', textAlign: 'right', justifyItems: 'end' }],
});

export const imageMessage = style({
  position: 'absolute',
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  width: 'min(80%, 320px)',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 12,
  padding: 16,
  borderRadius: 12,
  background: 'rgba(17, 24, 39, 0.88)',
  textAlign: 'center',
});

export const panel = style({
  flex: 'none',
  display: 'grid',
  gap: 4,
  padding: '4px 8px',
  paddingLeft: 'calc(8px + env(safe-area-inset-left))',
  paddingRight: 'calc(8px + env(safe-area-inset-right))',
  paddingBottom: 'calc(6px + env(safe-area-inset-bottom))',
  borderTop: `1px solid ${LINE}`,
  background: '#0B0F17',
});

export const progress = style({ height: 18, display: 'flex', alignItems: 'center', gap: 8, fontSize: 12, color: MUTED, fontVariantNumeric: 'tabular-nums' });
export const progressHidden = style({ visibility: 'hidden' });
export const progressTrack = style({ flex: 1, height: 4, borderRadius: 2, background: LINE, overflow: 'hidden' });
export const progressBar = style({ height: '100%', background: brandVars.brand, transition: 'width 120ms linear' });

export const scrubberRow = style({ height: 44, display: 'flex', alignItems: 'center', gap: 12 });
const thumbSize = 28;
export const scrubber = style({
  flex: 1,
  minWidth: 0,
  height: 44,
  margin: 0,
  background: 'transparent',
  appearance: 'none',
  WebkitAppearance: 'none',
  cursor: 'pointer',
  selectors: {
    '&::-webkit-slider-runnable-track': { height: 6, borderRadius: 3, background: LINE },
    '&::-moz-range-track': { height: 6, borderRadius: 3, background: LINE },
    '&::-webkit-slider-thumb': {
      WebkitAppearance: 'none',
      width: thumbSize,
      height: thumbSize,
      marginTop: (6 - thumbSize) / 2,
      borderRadius: '50%',
      background: TEXT,
      border: `3px solid ${brandVars.brand}`,
    },
    '&::-moz-range-thumb': { width: thumbSize, height: thumbSize, borderRadius: '50%', background: TEXT, border: `3px solid ${brandVars.brand}` },
    '&:disabled': { opacity: 0.4, cursor: 'default' },
    '&:focus-visible': { outline: `2px solid ${brandVars.brand}`, outlineOffset: 2 },
  },
});
export const sliceLabel = style({ flex: 'none', minWidth: 64, textAlign: 'right', fontSize: 14, fontVariantNumeric: 'tabular-nums' });

// Wraps to a second row on a narrow phone rather than scroll: every tool, the AI layer's too, stays in sight.
export const toolbar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 6 });
const toolBase = style({
  flex: 'none',
  minWidth: 44,
  height: 44,
  padding: '0 10px',
  border: `1px solid ${LINE}`,
  borderRadius: 22,
  background: 'transparent',
  color: TEXT,
  fontSize: 14,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  selectors: {
    '&:active': { background: LINE },
    '&:disabled': { opacity: 0.45, cursor: 'default' },
    '&:focus-visible': { outline: `2px solid ${brandVars.brand}`, outlineOffset: 2 },
  },
});
export const tool = styleVariants({
  plain: [toolBase],
  chosen: [toolBase, { background: brandVars.brandStrong, borderColor: brandVars.brandStrong, color: brandVars.onBrand }],
});
export const presetSelect = style([toolBase, { appearance: 'auto', background: '#111827', paddingRight: 6 }]);
/** A tool that is a link (a study's report): its words centred like a button's. */
export const toolLink = style([toolBase, { display: 'inline-flex', alignItems: 'center', justifyContent: 'center', textDecoration: 'none' }]);

/** The AI findings control: which finding, what and where, between its two buttons (or before "go to the finding"). */
// Room for three lines of words (a long label takes two) in a fixed height, so the canvas never moves between findings.
export const findingBar = style({ height: 56, display: 'flex', alignItems: 'center', gap: 6 });
export const findingText = style({
  flex: 1,
  minWidth: 0,
  margin: 0,
  display: 'grid',
  fontSize: 13,
  lineHeight: 1.3,
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
});
/** What it is, at most two lines (the whole of it stays in the page for a screen reader). */
export const findingWhat = style({ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' });
/** Where the finding is: in the AI marks' colour while it is the image on screen. */
export const findingWhere = styleVariants({
  away: { color: MUTED },
  onScreen: { color: AI_MARK },
});
export const findingStep = style([toolBase, { width: 48, height: 44, padding: 0, fontSize: 24, lineHeight: 1 }]);
export const findingGo = style([toolBase, { borderColor: AI_MARK }]);

/** The cine play/pause button, at the start of the scrubber row as on a video player. */
export const cineToggle = style([toolBase, { width: 48, padding: 0, display: 'inline-flex', alignItems: 'center', justifyContent: 'center' }]);

export const action = style({
  minHeight: 44,
  minWidth: 88,
  padding: '10px 20px',
  border: 0,
  borderRadius: 22,
  background: brandVars.brandStrong,
  color: brandVars.onBrand,
  fontSize: tokens.size.body,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: { '&:focus-visible': { outline: `3px solid ${TEXT}`, outlineOffset: 2 } },
});

/** The prior study beside this one (issue 27 §3): stacked on a phone in portrait, side by side when wide or turned. */
export const pair = style({
  position: 'relative',
  flex: 1,
  minHeight: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  background: LINE,
  '@media': { '(orientation: landscape), (min-width: 700px)': { flexDirection: 'row' } },
});
export const pane = style({ position: 'relative', flex: 1, minHeight: 0, minWidth: 0, display: 'flex', flexDirection: 'column', background: '#000' });
export const paneBand = style({ flex: 'none', display: 'flex', alignItems: 'center', gap: 6, padding: '0 6px', minHeight: 48, background: '#0B0F17' });
export const paneLabel = style({ flex: 1, minWidth: 0, fontSize: 13, overflowWrap: 'anywhere' });
