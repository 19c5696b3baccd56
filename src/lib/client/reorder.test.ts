import { describe, expect, it } from 'vitest';
import { reorderSummary } from './reorder.ts';

describe('what Order again tells the shopper', () => {
  it('counts the lines added and names each refused one by the order line\'s name, with the reason', () => {
    const summary = reorderSummary(
      ['Tee', 'Gift card', 'Kit'],
      [
        { sku: 'TEE-1', qty: 3, status: 'added' },
        { sku: 'GIFT', qty: 1, status: 'refused', code: 'options_required', message: 'GIFT is a gift card: choose its amount and recipient again on its product page.' },
        { sku: 'KIT', qty: 1, status: 'refused', code: 'insufficient_stock' },
      ],
    );
    expect(summary).toEqual({
      added: 1,
      failed: [
        { name: 'Gift card', reason: 'GIFT is a gift card: choose its amount and recipient again on its product page.' },
        { name: 'Kit', reason: 'It cannot be added to the cart.' },
      ],
    });
  });
});
