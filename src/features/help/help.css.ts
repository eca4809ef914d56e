import { style } from '@vanilla-extract/css';
import { tokens } from '../../shared/theme/theme.css';
import { card } from '../../shared/views/ui.css';

export const page = style({ display: 'grid', gap: tokens.size.gap });
export const section = style([card, { display: 'grid', gap: 4, padding: `${tokens.size.gap} 0` }]);
export const sectionTitle = style({ margin: 0, padding: `0 ${tokens.size.gap}`, fontSize: tokens.size.title, fontWeight: 600 });
export const list = style({ margin: 0, padding: 0, listStyle: 'none' });
export const question = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: tokens.size.touch,
  padding: `8px ${tokens.size.gap}`,
  color: tokens.colour.text,
  textDecoration: 'none',
  lineHeight: 1.4,
  overflowWrap: 'anywhere',
  selectors: { '&:active': { background: tokens.colour.line } },
});
export const questionText = style({ margin: 0 });
export const article = style([card, { display: 'grid', gap: tokens.size.gap }]);
export const articleType = style({ margin: 0, fontSize: tokens.size.small, color: tokens.colour.textMuted });
export const articleTitle = style({ margin: 0, fontSize: tokens.size.heading, fontWeight: 600, lineHeight: 1.35 });
export const paragraph = style({ margin: 0, lineHeight: 1.7 });
export const updated = style({ margin: 0, fontSize: tokens.size.small, color: tokens.colour.textMuted });
