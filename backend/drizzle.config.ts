import { defineConfig } from 'drizzle-kit';

// One migrations folder, plain PostgreSQL SQL, applied unchanged to PGlite and to a PostgreSQL server.
export default defineConfig({
  dialect: 'postgresql',
  // The core's tables only: each module generates its own migrations into its folder (npm run db:generate:module).
  schema: './src/platform/db/schema/index.ts',
  out: './drizzle',
  casing: 'snake_case',
});
