import { style } from '@vanilla-extract/css';
import { brandVars, tokens } from '../theme/theme.css';
import { card } from './ui.css';

/** The hospital's place (issue 14, map): its address and a way to open it in a map. */
export const place = style([card, { display: 'grid', gap: 8 }]);
export const placeHeading = style({ margin: 0, fontSize: tokens.size.small, color: tokens.colour.textMuted, fontWeight: 400 });
export const placeAddress = style({ margin: 0, lineHeight: 1.6, overflowWrap: 'anywhere' });
export const placeAction = style({ justifySelf: 'start', gap: 6, maxWidth: '100%', whiteSpace: 'normal' });

/** The official account's prompt (issue 14): a card with its QR code, dismissable. */
export const follow = style([card, { position: 'relative', display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: 12, alignItems: 'start', paddingRight: 44, borderLeft: `4px solid ${brandVars.brand}` }]);
export const followQr = style({ width: 96, height: 96, background: '#fff', borderRadius: 8 });
export const followBody = style({ display: 'grid', gap: 6, minWidth: 0 });
export const followHeading = style({ margin: 0, fontSize: tokens.size.title, fontWeight: 600, overflowWrap: 'anywhere' });
export const followText = style({ margin: 0, fontSize: tokens.size.small, lineHeight: 1.5, color: tokens.colour.textMuted, overflowWrap: 'anywhere' });
export const followClose = style({ position: 'absolute', top: 2, right: 2 });
export const followLater = style({ justifySelf: 'start', minHeight: tokens.size.touch, padding: '0 4px', border: 0, background: 'none', color: brandVars.brandStrong, font: 'inherit', fontSize: tokens.size.small, cursor: 'pointer', textDecoration: 'underline' });
/** Below 340 px the QR code goes above the words, so the words keep their width. */
export const followNarrow = style({ '@media': { '(max-width: 339px)': { gridTemplateColumns: 'minmax(0, 1fr)' } } });

/** The scan entry (issue 14, scanner) and the dialog to type a bag's code. */
export const scanButton = style({ gap: 8, whiteSpace: 'normal' });
export const scanDialog = style({ textAlign: 'left' });
export const scanHeading = style({ margin: 0, fontSize: tokens.size.title, fontWeight: 600 });
