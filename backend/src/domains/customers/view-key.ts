import type { HookRegistry } from '../../platform/modules/hooks.ts';

/**
 * The shared view a signed-in customer sees when a module prices them apart from their group (hook
 * `customer.viewKey`; B2B Pricing's `pl-{hash}`), or null: their group's view. The storefront keys its
 * edge cache by it (src/lib/cache/group-key.ts).
 */
export async function customerViewKey(hooks: HookRegistry, customer: { id: number; groupId: number }): Promise<string | null> {
  if (!hooks.has('customer.viewKey')) return null;
  const input = { customerId: customer.id, groupId: customer.groupId, viewKey: null as string | null };
  await hooks.run('customer.viewKey', input);
  return input.viewKey;
}
