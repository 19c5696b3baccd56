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
