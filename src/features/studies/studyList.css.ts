import { globalStyle, style } from '@vanilla-extract/css';
import { brandVars, tokens } from '../../shared/theme/theme.css';
import { card, modalityBadge } from '../../shared/views/ui.css';

export const studyCard = style([card, { display: 'grid', gap: 6 }]);
export const row = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 });
/** The modality badge every study card shows. */
export const modality = modalityBadge;
/** The body part takes the room left and wraps within it; the modality and report status keep one line. */
export const bodyPart = style({ margin: 0, minWidth: 0, fontSize: tokens.size.title, fontWeight: 600, flex: 1, overflowWrap: 'anywhere' });
export const meta = style({ margin: 0, color: tokens.colour.textMuted, fontSize: tokens.size.small, fontVariantNumeric: 'tabular-nums' });
export const reportReady = style({ flexShrink: 0, whiteSpace: 'nowrap', color: tokens.status.succeeded, fontSize: tokens.size.small, fontWeight: 600 });
/** A report the patient waited for, arrived and not read yet: a badge, not just a colour. */
export const reportNew = style({
  flexShrink: 0,
  whiteSpace: 'nowrap',
  padding: '2px 8px',
  borderRadius: 10,
  background: brandVars.brand,
  color: brandVars.onBrand,
  fontSize: tokens.size.small,
  fontWeight: 700,
});
export const reportPending = style({ flexShrink: 0, whiteSpace: 'nowrap', color: tokens.status.inProgress, fontSize: tokens.size.small, fontWeight: 600 });
export const skeletonCard = style([card, { height: 112 }]);
/** A card with one action of its own beside the link that opens it (never a button inside a link). */
export const withAction = style({ position: 'relative' });
/** The card's text keeps clear of the action, whatever its length. */
globalStyle(`${withAction} article`, { paddingRight: 84 });
export const cornerAction = style({
  position: 'absolute',
  right: 8,
  top: '50%',
  transform: 'translateY(-50%)',
  minWidth: 44,
  minHeight: 44,
  padding: '0 12px',
  border: `1px solid ${tokens.colour.line}`,
  borderRadius: 22,
  background: tokens.colour.surface,
  color: tokens.colour.danger,
  fontWeight: 600,
  cursor: 'pointer',
});

/** "Add a study" above my images: one more study collected by SMS code (issue 13). */
export const addFilm = style({ display: 'flex', width: '100%', boxSizing: 'border-box', marginBottom: tokens.size.gap });
