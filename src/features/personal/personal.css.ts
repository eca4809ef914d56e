import { style } from '@vanilla-extract/css';
import { brandVars, tokens } from '../../shared/theme/theme.css';
import { card } from '../../shared/views/ui.css';

export const page = style({ display: 'grid', gap: tokens.size.gap });
export const intro = style([card, { display: 'grid', gap: 8, justifyItems: 'center', textAlign: 'center' }]);
export const logo = style({ width: 72, height: 72, objectFit: 'contain' });
export const product = style({ margin: 0, fontSize: tokens.size.heading, fontWeight: 600 });
export const hospital = style({ margin: 0, color: tokens.colour.textMuted });
export const text = style({ margin: 0, lineHeight: 1.7 });
export const section = style([card, { display: 'grid', gap: 8 }]);
export const heading = style({ margin: 0, fontSize: tokens.size.title, fontWeight: 600 });
export const links = style({ display: 'grid', gap: 8 });


/** The personal centre: who, then the entries as large rows. */
export const who = style([card, { display: 'flex', alignItems: 'center', gap: 12, minWidth: 0 }]);
export const whoText = style({ display: 'grid', gap: 2, minWidth: 0, flex: 1 });
export const whoName = style({ margin: 0, fontSize: tokens.size.heading, fontWeight: 600, overflowWrap: 'anywhere' });
export const whoLine = style({ margin: 0, color: tokens.colour.textMuted, fontSize: tokens.size.small, overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' });
export const avatar = style({ width: 64, height: 64, flexShrink: 0, borderRadius: '50%', objectFit: 'cover', background: brandVars.brandSoft, display: 'block' });
export const avatarLarge = style([avatar, { width: 96, height: 96 }]);
export const avatarDefault = style([avatar, { display: 'flex', alignItems: 'center', justifyContent: 'center', color: brandVars.brandStrong }]);
export const avatarDefaultLarge = style([avatarDefault, { width: 96, height: 96 }]);
export const rows = style([card, { display: 'grid', padding: 0, margin: 0, listStyle: 'none', overflow: 'hidden' }]);
const rowBase = style({
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  width: '100%',
  boxSizing: 'border-box',
  minHeight: 52,
  padding: `8px ${tokens.size.gap}`,
  border: 0,
  borderBottom: `1px solid ${tokens.colour.line}`,
  background: 'transparent',
  color: tokens.colour.text,
  font: 'inherit',
  fontSize: tokens.size.body,
  textAlign: 'left',
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: { '&:active': { background: tokens.colour.line }, '&:focus-visible': { outline: `2px solid ${brandVars.brandStrong}`, outlineOffset: -2 } },
});
export const row = rowBase;
export const rowLabel = style({ flex: 1, minWidth: 0, overflowWrap: 'anywhere' });
export const rowValue = style({ flexShrink: 0, color: tokens.colour.textMuted, fontSize: tokens.size.small });
export const chevron = style({ flexShrink: 0, color: tokens.colour.textMuted });
export const signOut = style([rowBase, { justifyContent: 'center', color: tokens.colour.danger, fontWeight: 600, borderBottom: 0 }]);
export const languageRow = style({ display: 'grid', gap: 8, padding: `8px ${tokens.size.gap}`, borderBottom: `1px solid ${tokens.colour.line}` });
export const whoSkeleton = style([card, { display: 'flex', alignItems: 'center', gap: 12 }]);

/** The modify page. */
export const avatarBlock = style([card, { display: 'grid', justifyItems: 'center', gap: 10, textAlign: 'center' }]);
export const chooseLabel = style({ position: 'relative', overflow: 'hidden' });
export const fileInput = style({ position: 'absolute', inset: 0, width: '100%', height: '100%', opacity: 0, cursor: 'pointer' });
export const facts = style([card, { display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 12, rowGap: 8, margin: 0 }]);
export const factName = style({ color: tokens.colour.textMuted, fontSize: tokens.size.small, whiteSpace: 'nowrap' });
export const factValue = style({ margin: 0, minWidth: 0, overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' });

/** The avatar's crop. */
export const cropDialog = style({
  width: 'min(100%, 360px)',
  maxHeight: '100%',
  overflowY: 'auto',
  boxSizing: 'border-box',
  borderRadius: 16,
  background: tokens.colour.surface,
  padding: 'clamp(16px, 0.53rem, 24px)',
  display: 'grid',
  gap: 12,
});
export const cropFrame = style({
  position: 'relative',
  width: '100%',
  aspectRatio: '1',
  overflow: 'hidden',
  background: '#000',
  borderRadius: 8,
  touchAction: 'none',
  userSelect: 'none',
  cursor: 'grab',
});
export const cropImage = style({ position: 'absolute', left: 0, top: 0, maxWidth: 'none', transformOrigin: '0 0', pointerEvents: 'none' });
export const cropCircle = style({ position: 'absolute', inset: 0, borderRadius: '50%', boxShadow: '0 0 0 9999px rgba(0, 0, 0, 0.45)', pointerEvents: 'none' });
export const zoomRow = style({ display: 'grid', gap: 4 });
export const zoomSlider = style({ width: '100%', minHeight: tokens.size.touch, accentColor: brandVars.brandStrong });
