import { defineConfig } from 'drizzle-kit';

// One migrations folder, plain PostgreSQL SQL, applied unchanged to PGlite and to a PostgreSQL server.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/core/db/schema/index.ts',
  out: './drizzle',
  casing: 'snake_case',
});
