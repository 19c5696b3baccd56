import type { AppEnv } from '../../../platform/http/context.ts';
import { createRouter } from '../../../platform/http/router.ts';
import { rulesApi } from './rules-api.ts';
import { toolsApi } from './tools-api.ts';

/** The module's admin API, `/api/rest/v2/admin/b2b-access/...` (the core checks the admin token). */
export const accessAdminApi = createRouter<AppEnv>().route('/', toolsApi).route('/', rulesApi);
