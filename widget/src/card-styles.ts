/**
 * The card's look. Its height is fixed (`--shop-card-height`, the placeholder's reserved height,
 * see CARD_HEIGHT) so a card replacing a loading placeholder moves nothing on the page. Fonts and
 * text colour come from the host page; the accent from `--shop-accent`.
 */
export const CARD_HEIGHT = 360;

export const cardCss = `
:host { display: block; box-sizing: border-box; height: var(--shop-card-height, ${CARD_HEIGHT}px); font: inherit; color: inherit; }
.card { box-sizing: border-box; height: 100%; display: flex; flex-direction: column; gap: 0.4rem; padding: 0.75rem;
  border: 1px solid rgba(0,0,0,0.12); border-radius: 8px; background: var(--shop-card-background, #fff); overflow: hidden; }
.image { flex: 1 1 auto; min-height: 0; display: flex; align-items: center; justify-content: center; }
.image img { max-width: 100%; max-height: 100%; object-fit: contain; }
.name { margin: 0; font-size: 1rem; font-weight: 600; line-height: 1.3; max-height: 2.6em; overflow: hidden; }
.price { margin: 0; font-weight: 600; color: var(--shop-accent, #2563eb); }
.was { margin-left: 0.4rem; font-weight: 400; color: #555; text-decoration: line-through; }
.hidden-price { margin: 0; font-size: 0.875rem; line-height: 1.3; }
.hidden-price a { color: var(--shop-accent, #2563eb); }
.stock { margin: 0; font-size: 0.875rem; color: #1a7f37; }
.stock.out { color: #b42318; }
/* Text keeps its size; the image takes what is left of the fixed height. */
.name, .price, .hidden-price, .stock { flex: none; }
`;
