/**
 * The tools' names, titles and descriptions (UCP's names, DECISIONS.md 59): what tools/list answers
 * and what the server card lists, from one place. Pure data.
 */
import { TEST_CARD_HANDLER } from './ucp-version.ts';

export const SHOPPING_TOOLS = [
  {
    name: 'search_catalog',
    title: 'Search the catalog',
    description: "Full-text product search, as the caller sees the shop (guest view, or the signed-in customer's prices). Hidden prices are absent with a message saying why.",
  },
  { name: 'lookup_catalog', title: 'Look up products', description: 'Products by id, SKU or URL key (up to 20); ids the caller cannot see are reported as not found.' },
  {
    name: 'get_product',
    title: 'Product detail',
    description: "One product by id, SKU or URL key, with a configurable's options and variants (each with its price and availability).",
  },
  {
    name: 'create_cart',
    title: 'Create a cart',
    description: 'A cart with these line items. A guest gets a new cart whose id is its token; a signed-in customer\'s items go to the account cart (id "account").',
  },
  { name: 'get_cart', title: 'Read a cart', description: 'The cart of this id with its lines and totals.' },
  {
    name: 'update_cart',
    title: "Replace a cart's lines",
    description: "Replaces the cart's lines: a line sent with its id keeps it with the new quantity, lines without an id are added, lines not sent are removed.",
  },
  {
    name: 'create_checkout',
    title: 'Start a checkout',
    description:
      "A checkout of a cart (cart_id) or of new line items, with the buyer and shipping destination when known. The answer lists shipping options for the destination and what is still missing; its id carries the checkout's state, so always use the id of the latest answer.",
  },
  { name: 'get_checkout', title: 'Read a checkout', description: 'The checkout of this id, re-priced and re-quoted now.' },
  {
    name: 'update_checkout',
    title: 'Update a checkout',
    description: 'Sets the buyer, the shipping destination or the chosen shipping option. Answers the checkout under a new id.',
  },
  {
    name: 'complete_checkout',
    title: 'Pay and place the order',
    description: `Pays and places the order. Payment handler "${TEST_CARD_HANDLER}": the card number in payment.instruments[0].credential.number (4242 4242 4242 4242 pays). With a live payment provider the answer is requires_escalation with continue_url, where the buyer pays.`,
  },
  {
    name: 'get_order',
    title: 'Read an order',
    description: "An order of the signed-in customer by its id (the order number complete_checkout answered). Needs the customer's access token.",
  },
] as const;

export type ShoppingToolName = (typeof SHOPPING_TOOLS)[number]['name'];

export function about(name: ShoppingToolName): { title: string; description: string } {
  const tool = SHOPPING_TOOLS.find((candidate) => candidate.name === name)!;
  return { title: tool.title, description: tool.description };
}

/** Tools that need a signed-in customer whatever their arguments (401 before any work). */
export const CUSTOMER_TOOLS: ReadonlySet<string> = new Set<ShoppingToolName>(['get_order']);
