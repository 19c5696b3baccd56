import { resolve } from 'node:path';
import { defineModule } from '../../platform/modules/define-module.ts';
import { formsAdmin, formsAdminNav } from './admin/index.ts';
import { activeForms } from './forms/service.ts';
import { formsConfigSchema, type FormsConfig } from './config.ts';
import { seedFormsDemo } from './demo.ts';
import { discoveryAnswer } from './discovery.ts';
import { FormsEnvSchema, type FormsEnv } from './env.ts';
import { formsAdminApi } from './routes/admin-api.ts';
import { formsNoJsRoutes } from './routes/no-js-submit.ts';
import { formsPublicApi } from './routes/public-api.ts';
import { purgeOldSubmissions } from './submissions/service.ts';

/**
 * Custom Forms (SPEC.md "Custom Forms", DECISIONS.md 18, 35, 36, 41, 44): forms a merchant builds,
 * embedded in CMS pages by the storefront, submitted through one anti-spam pipeline
 * (submissions/pipeline.ts) by the headless API or a post without JavaScript. Each saved submission
 * is announced as `customforms_submission_saved` (B2B Registration listens).
 */
const customForms = defineModule<FormsConfig, FormsEnv>({
  id: 'custom-forms',
  title: 'Custom Forms',
  migrations: resolve(import.meta.dirname, 'migrations'),
  config: formsConfigSchema,
  env: FormsEnvSchema,
  routes: { api: formsPublicApi, public: formsNoJsRoutes, adminApi: formsAdminApi, admin: formsAdmin },
  discovery: { code: 'forms', answer: discoveryAnswer },
  jobs: [{ name: 'retention', cron: () => '17 3 * * *', run: async (ctx) => void (await purgeOldSubmissions(ctx)) }],
  admin: {
    nav: formsAdminNav,
    // A CMS page embeds a form by its directive (SPEC.md "Custom Forms"): one to insert per active form.
    snippets: async (ctx) => (await activeForms(ctx)).map((form) => ({ label: `Form: ${form.title}`, text: `{{block type="customforms/form" form_code="${form.code}"}}` })),
  },
  demo: (ctx, { configure }) => seedFormsDemo(ctx, configure),
});

export default customForms;
