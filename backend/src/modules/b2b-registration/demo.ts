import type { ModuleContext } from '../../platform/modules/context.ts';
import type { RegistrationConfig } from './config.ts';

/**
 * The demo shop's trade flow (README "Trade accounts"): submissions of the `trade-application` form
 * become applications; approval moves the applicant into Wholesale, which sees Trade Supplies prices.
 */
export async function seedRegistrationDemo(ctx: ModuleContext<RegistrationConfig>, configure: (patch: Partial<RegistrationConfig>) => Promise<void>): Promise<void> {
  const wholesaleId = await ctx.customers.groupIdByCode('Wholesale');
  if (wholesaleId === undefined) return; // An edited demo without the trade group: nothing to approve into.
  await configure({
    enabled: true,
    formCodes: ['trade-application'],
    emailFieldKey: 'email',
    b2bGroupId: wholesaleId,
    // The field keys of the Custom Forms demo's trade-application form.
    overrideMap: { contactName: 'fullName', company: 'company', taxNumber: 'taxvat', phone: 'telephone', country: 'countryId' },
  });
}
