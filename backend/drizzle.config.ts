import { defineConfig } from 'drizzle-kit';

// One migrations folder, plain PostgreSQL SQL, applied unchanged to PGlite and to a PostgreSQL server.
export default defineConfig({
  dialect: 'postgresql',
  // Modules keep their tables in src/modules/<id>/tables.ts.
  schema: ['./src/core/db/schema/index.ts', './src/modules/*/tables.ts'],
  out: './drizzle',
  casing: 'snake_case',
});
