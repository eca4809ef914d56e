import { globalStyle, keyframes, style, styleVariants } from '@vanilla-extract/css';
import { brandVars, tokens } from '../theme/theme.css';

export const app = style({
  minHeight: '100dvh',
  display: 'flex',
  flexDirection: 'column',
  maxWidth: 750,
  margin: '0 auto',
  background: tokens.colour.page,
});

export const topBar = style({
  position: 'sticky',
  top: 0,
  zIndex: 10,
  display: 'grid',
  gridTemplateColumns: '48px 1fr 48px',
  alignItems: 'center',
  minHeight: 48,
  paddingTop: 'env(safe-area-inset-top)',
  paddingLeft: 'env(safe-area-inset-left)',
  paddingRight: 'env(safe-area-inset-right)',
  background: tokens.colour.surface,
  borderBottom: `1px solid ${tokens.colour.line}`,
});

export const topBarTitle = style({
  gridColumn: 2,
  margin: 0,
  textAlign: 'center',
  fontSize: tokens.size.title,
  fontWeight: 600,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});

export const iconButton = style({
  width: 44,
  height: 44,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  border: 0,
  borderRadius: 22,
  background: 'transparent',
  color: tokens.colour.text,
  cursor: 'pointer',
  selectors: { '&:active': { background: tokens.colour.line } },
});

export const content = style({
  flex: 1,
  padding: tokens.size.gap,
  paddingLeft: `calc(${tokens.size.gap} + env(safe-area-inset-left))`,
  paddingRight: `calc(${tokens.size.gap} + env(safe-area-inset-right))`,
  paddingBottom: `calc(${tokens.size.gap} + env(safe-area-inset-bottom))`,
});

const buttonBase = style({
  // A link styled as a button (Link to another page) looks and centres like a button.
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  boxSizing: 'border-box',
  textAlign: 'center',
  textDecoration: 'none',
  minHeight: 44,
  minWidth: 88,
  padding: '10px 20px',
  borderRadius: 22,
  fontSize: tokens.size.body,
  fontWeight: 600,
  cursor: 'pointer',
  transition: 'transform 80ms ease, opacity 80ms ease',
  selectors: {
    '&:active': { transform: 'scale(0.97)', opacity: 0.85 },
    '&:focus-visible': { outline: `3px solid ${brandVars.brand}`, outlineOffset: 2 },
    '&:disabled': { opacity: 0.5, cursor: 'default' },
  },
});

export const button = styleVariants({
  primary: [buttonBase, { border: 0, background: brandVars.brandStrong, color: brandVars.onBrand }],
  secondary: [buttonBase, { border: `1px solid ${brandVars.brandStrong}`, background: tokens.colour.surface, color: brandVars.brandStrong }],
  /** Something that cannot be taken back (cancel an order): never dressed as the primary action. */
  danger: [buttonBase, { border: `1px solid ${tokens.colour.danger}`, background: tokens.colour.surface, color: tokens.colour.danger }],
});

export const statusPage = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: 12,
  padding: '32px 8px',
});

export const illustration = style({ width: 'min(200px, 50vw)', height: 'auto' });

export const statusHeading = style({ margin: 0, fontSize: tokens.size.heading, fontWeight: 600 });
export const statusText = style({ margin: 0, color: tokens.colour.textMuted, maxWidth: '30em', overflowWrap: 'anywhere' });
export const statusCode = style({ fontVariantNumeric: 'tabular-nums', color: tokens.colour.textMuted });
export const actions = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 12, marginTop: 8 });

/** 16 px sides from 375 px up, a little less below (13.7 px at 320 px), to leave room for a card's buttons. */
export const card = style({
  background: tokens.colour.surface,
  borderRadius: tokens.size.radius,
  padding: 'clamp(12px, 0.427rem, 16px)',
  boxShadow: '0 1px 2px rgba(15, 23, 42, 0.06)',
});

export const serviceBlock = style([card, { width: '100%', marginTop: 16, textAlign: 'left', display: 'grid', gap: 8 }]);
export const serviceHeading = style({ margin: 0, fontSize: tokens.size.title, fontWeight: 600 });
export const qrImage = style({ width: 132, height: 132, justifySelf: 'center', background: '#fff' });

const shimmer = keyframes({ '0%': { backgroundPosition: '-200px 0' }, '100%': { backgroundPosition: 'calc(200px + 100%) 0' } });
export const skeleton = style({
  borderRadius: 8,
  background: `linear-gradient(90deg, ${tokens.colour.line} 0, #F3F4F6 50%, ${tokens.colour.line} 100%)`,
  backgroundSize: '200px 100%',
  backgroundRepeat: 'no-repeat',
  backgroundColor: tokens.colour.line,
  animation: `${shimmer} 1.2s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});
export const skeletonLine = style([skeleton, { height: 16, marginBottom: 10 }]);
export const qrPlaceholder = style([skeleton, qrImage, { display: 'block' }]);

export const list = style({ display: 'grid', gap: tokens.size.gap, margin: 0, padding: 0, listStyle: 'none' });

export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
export const busy = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 16,
  padding: '64px 16px',
  color: tokens.colour.textMuted,
});
export const spinner = style({
  width: 36,
  height: 36,
  borderRadius: '50%',
  border: `3px solid ${brandVars.brandSoft}`,
  borderTopColor: brandVars.brandStrong,
  animation: `${spin} 0.9s linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '2.5s' } },
});

export const toastLayer = style({
  position: 'fixed',
  inset: 0,
  zIndex: 50,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  pointerEvents: 'none',
});
export const toast = style({
  maxWidth: '80vw',
  margin: 0,
  padding: '12px 20px',
  borderRadius: 12,
  background: 'rgba(17, 24, 39, 0.88)',
  color: '#fff',
  textAlign: 'center',
});
export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: 40,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: 'clamp(16px, 0.64rem, 24px)',
  background: 'rgba(15, 23, 42, 0.45)',
});
export const dialog = style({
  width: 'min(100%, 340px)',
  // A long one (what leaves the app, in large text) scrolls inside the screen instead of off it (48 px: its own padding).
  maxHeight: 'calc(100% - 48px)',
  overflowY: 'auto',
  borderRadius: 16,
  background: tokens.colour.surface,
  padding: 'clamp(20px, 0.64rem, 24px)',
  display: 'grid',
  gap: 20,
});
export const dialogMessage = style({ margin: 0, fontSize: tokens.size.title, textAlign: 'center' });
export const dialogDetail = style({ margin: '-8px 0 0', color: tokens.colour.textMuted, fontSize: tokens.size.body, textAlign: 'center', overflowWrap: 'anywhere' });
/**
 * Two choices side by side in equal halves when both labels fit; when one does not (English at
 * 320 px: "Confirm cancel"), each takes a full row of its own. A label never wraps.
 */
export const dialogActions = style({ display: 'flex', flexWrap: 'wrap', gap: 12 });
globalStyle(`${dialogActions} > *`, { flex: '1 1 calc(50% - 6px)', minWidth: 'max-content', paddingLeft: 12, paddingRight: 12, whiteSpace: 'nowrap' });

/** A study's modality (CT, MR, DR, US) as a small badge on its card. */
export const modalityBadge = style({
  flexShrink: 0,
  whiteSpace: 'nowrap',
  display: 'inline-flex',
  alignItems: 'center',
  minWidth: 40,
  height: 28,
  padding: '0 10px',
  borderRadius: 14,
  background: brandVars.brandSoft,
  color: brandVars.brandStrong,
  fontWeight: 700,
});

/** Two or more full-width actions, one above the other (a visitor's ways in). */
export const actionStack = style({ display: 'grid', gap: 10, width: '100%' });
