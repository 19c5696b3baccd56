import { resolve } from 'node:path';
import { defineModule } from '../../platform/modules/define-module.ts';
import { applicationColumn, applicationsCard, applicationsPanel, registrationAdmin, registrationNav } from './admin/index.ts';
import { registrationConfigSchema, type RegistrationConfig } from './config.ts';
import { seedRegistrationDemo } from './demo.ts';
import { registrationDiscovery } from './discovery.ts';
import { registrationAdminApi } from './routes/admin-api.ts';
import { completeApplication } from './service/decide.ts';
import { receiveSubmission } from './service/intake.ts';

/**
 * B2B Registration (SPEC.md "B2B Registration configuration", DECISIONS.md 39, 44, 45): a Custom Forms
 * submission of a nominated form becomes a trade application and a pending account; approving the
 * account (here or on the customers grid, through `customer.statusChanging`) moves it to the B2B group
 * and emails a set-password link. It meets Custom Forms only through the `customforms_submission_saved`
 * event and Customer Approval only through the core's hooks.
 */
const b2bRegistration = defineModule<RegistrationConfig>({
  id: 'b2b-registration',
  title: 'B2B Registration',
  migrations: resolve(import.meta.dirname, 'migrations'),
  config: registrationConfigSchema,
  routes: { adminApi: registrationAdminApi, admin: registrationAdmin },
  discovery: { code: 'registration', answer: registrationDiscovery },
  subscribers: [
    {
      event: 'customforms_submission_saved',
      async handle(events, ctx) {
        for (const event of events) await receiveSubmission(ctx, event.payload);
      },
    },
  ],
  hooks: [{ hook: 'customer.statusChanging', handle: completeApplication }],
  admin: { nav: registrationNav, gridColumns: applicationColumn, customerPanels: applicationsPanel, dashboardCard: applicationsCard },
  demo: (ctx, { configure }) => seedRegistrationDemo(ctx, configure),
});

export default b2bRegistration;
