/**
 * `@ucp-js/sdk` 0.1.1's zod schemas, for the tests that validate what we publish against them. Its ESM
 * build imports files without extensions, which Node's ESM loader refuses, so this loads its CommonJS
 * build. Tests only: the worker never validates its own output at run time (and does not bundle the
 * package's zod 3).
 */
import { createRequire } from 'node:module';

type UcpSdk = typeof import('@ucp-js/sdk');

export const ucpSdk = createRequire(import.meta.url)('@ucp-js/sdk') as UcpSdk;
