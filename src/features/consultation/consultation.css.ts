import { style } from '@vanilla-extract/css';
import { tokens } from '../../shared/theme/theme.css';
import { card } from '../../shared/views/ui.css';

export const opening = style([card, { display: 'grid', gap: 12, justifyItems: 'center', textAlign: 'center', padding: '32px 16px' }]);
export const openingText = style({ margin: 0, fontSize: tokens.size.title, fontWeight: 600 });
export const note = style({ margin: 0, color: tokens.colour.textMuted, fontSize: tokens.size.small, lineHeight: 1.5, overflowWrap: 'anywhere' });
export const origin = style({ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', overflowWrap: 'anywhere', wordBreak: 'break-all' });
/** What leaves with the consultation address, one line each, left-aligned under the dialog's centred question. */
export const sends = style({ margin: 0, paddingLeft: '1.2em', display: 'grid', gap: 6, textAlign: 'left', fontSize: tokens.size.body, lineHeight: 1.45, overflowWrap: 'anywhere' });
export const leaveNote = style({ margin: '12px 0 0', color: tokens.colour.textMuted, fontSize: tokens.size.small, lineHeight: 1.5, textAlign: 'center' });
