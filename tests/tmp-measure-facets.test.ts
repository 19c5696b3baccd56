import { it } from 'vitest';
import { startShop } from './support/shop.ts';

it('measures', async () => {
  const shop = await startShop();
  const first = await (await shop.manage('/sync')).json();
  const keys = (await shop.kv.list({ prefix: 'default:facets:category:' })).keys;
  const listing = (await shop.kv.list({ prefix: 'default:products:category:' })).keys;
  const sizes = await Promise.all(keys.map(async (key) => ((await shop.kv.get(key.name, 'text')) ?? '').length));
  const women = await shop.kv.get('default:facets:category:' + '0', 'text');
  const second = await (await shop.manage('/sync')).json();
  console.log(JSON.stringify({ first, second, facetKeys: keys.length, listingKeys: listing.length, bytes: sizes.sort((a, b) => a - b), total: sizes.reduce((a, b) => a + b, 0), women: women?.length }));
  await shop.stop();
}, 300_000);
