import { style } from '@vanilla-extract/css';
import { brandVars, tokens } from '../../shared/theme/theme.css';
import { card } from '../../shared/views/ui.css';

export const page = style({ display: 'grid', gap: tokens.size.gap });
export const intro = style([card, { display: 'grid', gap: 10 }]);
export const heading = style({ margin: 0, fontSize: tokens.size.heading, fontWeight: 600 });
export const text = style({ margin: 0, lineHeight: 1.7, overflowWrap: 'anywhere' });
export const points = style({ margin: 0, paddingLeft: '1.2em', display: 'grid', gap: 6, lineHeight: 1.6 });
export const study = style([card, { display: 'flex', alignItems: 'center', gap: 12, minWidth: 0 }]);
export const studyName = style({ margin: 0, fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' });
export const actions = style({ display: 'grid', gap: 8 });
export const preparing = style([card, { display: 'grid', gap: 8 }]);
export const problem = style([card, { display: 'grid', gap: 10, justifyItems: 'start', borderLeft: `4px solid ${brandVars.brand}` }]);
