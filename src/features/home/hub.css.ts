import { style } from '@vanilla-extract/css';
import { brandVars, tokens } from '../../shared/theme/theme.css';

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  padding: 16,
  borderRadius: tokens.size.radius,
  background: brandVars.brandSoft,
  marginBottom: tokens.size.gap,
});
export const logo = style({ width: 48, height: 48, borderRadius: 12, background: '#fff', objectFit: 'contain', flexShrink: 0 });
export const hospitalName = style({ margin: 0, fontSize: tokens.size.title, fontWeight: 600 });
export const welcome = style({ margin: 0, color: tokens.colour.textMuted, fontSize: tokens.size.small });
/**
 * Tiles wide enough for a two-word English label on one line ("Personal centre", about 7em of
 * body text plus the tile's sides): two columns on a phone, from 320 px to 414 px.
 */
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(max(128px, 3.6rem), 1fr))',
  gap: tokens.size.gap,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const tile = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 8,
  minHeight: 96,
  padding: '12px 8px',
  borderRadius: tokens.size.radius,
  background: tokens.colour.surface,
  color: tokens.colour.text,
  textDecoration: 'none',
  textAlign: 'center',
  boxShadow: '0 1px 2px rgba(15, 23, 42, 0.06)',
  selectors: {
    '&:active': { background: brandVars.brandSoft },
    '&:focus-visible': { outline: `3px solid ${brandVars.brand}`, outlineOffset: 2 },
  },
});
export const tileIcon = style({
  width: 40,
  height: 40,
  borderRadius: 20,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: brandVars.brandSoft,
  color: brandVars.brandStrong,
});
export const footer = style({ display: 'flex', justifyContent: 'center', marginTop: 24 });
export const languageButton = style({
  minHeight: 44,
  padding: '0 16px',
  border: 0,
  background: 'transparent',
  color: brandVars.brandStrong,
  textDecoration: 'underline',
  cursor: 'pointer',
});
/** A badge under the label, in words (not a bare dot): it says what needs attention; the tile makes room for it. */
export const tileSlot = style({ position: 'relative' });
export const tileWithBadge = style({ paddingBottom: 36 });
export const badge = style({
  position: 'absolute',
  bottom: 10,
  left: '50%',
  transform: 'translateX(-50%)',
  pointerEvents: 'none',
  maxWidth: 'calc(100% - 16px)',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  padding: '2px 8px',
  borderRadius: 10,
  background: '#FEE2E2',
  color: '#991B1B',
  fontSize: 12,
  fontWeight: 600,
  lineHeight: 1.4,
});
/** Issue 14: the demo study for a visitor and the scan entry, between the header and the tiles. */
export const services = style({ display: 'grid', gap: tokens.size.gap, marginBottom: tokens.size.gap });
export const scanEntry = style({ width: '100%' });
/** Below the tiles: the follow prompt (it arrives late, and here moves nothing above it) and the hospital's address. */
export const place = style({ display: 'grid', gap: tokens.size.gap, marginTop: tokens.size.gap });
export const experience = style({
  display: 'grid',
  gap: 8,
  padding: 16,
  borderRadius: tokens.size.radius,
  background: tokens.colour.surface,
  boxShadow: '0 1px 2px rgba(15, 23, 42, 0.06)',
});
export const experienceHeading = style({ margin: 0, fontSize: tokens.size.title, fontWeight: 600 });
export const experienceText = style({ margin: 0, color: tokens.colour.textMuted, lineHeight: 1.5, overflowWrap: 'anywhere' });
export const experienceLink = style({ justifySelf: 'start', whiteSpace: 'normal' });
