// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';

export default tseslint.config(
  { ignores: ['dist/', '.astro/', '.wrangler/', '.data/', 'node_modules/', 'worker-configuration.d.ts', 'backend/drizzle/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    // Browser scripts a module's admin pages serve as written (plain JavaScript modules).
    files: ['backend/src/modules/*/admin/client/**/*.js'],
    languageOptions: { globals: { document: 'readonly', fetch: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', URLSearchParams: 'readonly', FormData: 'readonly' } },
  },
  {
    // A module reads the core's data through its context (ctx.catalog, ctx.customers…, implemented by the
    // owning domain), never from the core's tables, so a domain can change its tables without breaking a
    // module (issue 32). A module's own tables (its tables.ts) stay its own; tests may still set up rows.
    files: ['backend/src/modules/**/*.ts'],
    ignores: ['backend/src/modules/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/platform/db/schema', '**/platform/db/schema/**'],
              message: 'Modules read core data through their context (platform/modules/context.ts: ctx.catalog, ctx.customers, ctx.stores…), not the core tables.',
            },
          ],
        },
      ],
    },
  },
  {
    // The admin's own browser scripts (platform/admin/client): classic scripts, served as written.
    files: ['backend/src/platform/admin/client/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: {
        document: 'readonly', fetch: 'readonly', setTimeout: 'readonly', addEventListener: 'readonly', Element: 'readonly', Event: 'readonly',
        DOMParser: 'readonly', URLSearchParams: 'readonly',
      },
    },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: false }],
    },
  },
);
