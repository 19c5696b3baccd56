/**
 * The card's height is fixed (`--shop-card-height`, the placeholder's reserved height) so a card
 * replacing a loading placeholder moves nothing on the page; the rest of its look is card.css.
 */
import css from './card.css?inline';

export const CARD_HEIGHT = 360;

export const cardCss = `${css}:host{height:var(--shop-card-height,${CARD_HEIGHT}px)}`;
