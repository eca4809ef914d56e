import { style } from '@vanilla-extract/css';
import { brandVars } from '../theme/theme.css';

/** A card that opens something when tapped as a whole: a link look without a link's colour, a pressed state. */
export const tappable = style({
  color: 'inherit',
  textDecoration: 'none',
  cursor: 'pointer',
  transition: 'transform 80ms ease-out',
  selectors: {
    '&:active': { transform: 'scale(0.985)' },
    '&:focus-visible': { outline: `2px solid ${brandVars.brandStrong}`, outlineOffset: 2 },
  },
});

/** The same for a link that wraps a card (a link is inline by default). */
export const tappableLink = style([tappable, { display: 'block' }]);
