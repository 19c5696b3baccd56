import { eq } from 'drizzle-orm';
import { customerGroups } from '../../platform/db/schema/index.ts';
import type { ModuleContext } from '../../platform/modules/context.ts';
import type { RegistrationConfig } from './config.ts';

/**
 * The demo shop's trade flow (README "Trade accounts"): submissions of the `trade-application` form
 * become applications; approval moves the applicant into Wholesale, which sees Trade Supplies prices.
 */
export async function seedRegistrationDemo(ctx: ModuleContext<RegistrationConfig>, configure: (patch: Partial<RegistrationConfig>) => Promise<void>): Promise<void> {
  const [wholesale] = await ctx.db.select({ id: customerGroups.id }).from(customerGroups).where(eq(customerGroups.code, 'Wholesale')).limit(1);
  if (!wholesale) return; // An edited demo without the trade group: nothing to approve into.
  await configure({
    enabled: true,
    formCodes: ['trade-application'],
    emailFieldKey: 'email',
    b2bGroupId: wholesale.id,
    // The field keys of the Custom Forms demo's trade-application form.
    overrideMap: { contactName: 'fullName', company: 'company', taxNumber: 'taxvat', phone: 'telephone', country: 'countryId' },
  });
}
