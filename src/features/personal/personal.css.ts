import { style } from '@vanilla-extract/css';
import { tokens } from '../../shared/theme/theme.css';
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
