import { resolve } from 'node:path';
import { z } from 'zod';

/** Blank variables (`FOO=` in a .env file) count as unset. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const repoRoot = resolve(import.meta.dirname, '../..');

const EnvSchema = z.object({
  BACKEND_PORT: optional(z.coerce.number().int().min(1).max(65_535)).transform((port) => port ?? 8080),
  BACKEND_HOST: optional(z.string()).transform((host) => host ?? '127.0.0.1'),
  /** A PostgreSQL server; when unset the embedded PGlite database is used. */
  DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })),
  PGLITE_DIR: optional(z.string()).transform((dir) => resolve(dir ?? resolve(repoRoot, '.data/pglite'))),
  /** Accepted now, used by the auth and sync slices. */
  JWT_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  ADMIN_EMAIL: optional(z.email()),
  ADMIN_PASSWORD: optional(z.string().min(8, 'must be at least 8 characters')),
  SYNC_SECRET: optional(z.string()),
  STOREFRONT_URL: optional(z.url()),
});

export type BackendEnv = z.infer<typeof EnvSchema>;

export class EnvError extends Error {
  constructor(issues: string[]) {
    super(`Invalid backend configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses the environment once, at startup; every problem is reported at once, by variable name. */
export function parseEnv(source: Record<string, string | undefined> = process.env): BackendEnv {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const env = result.data;
  if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
    throw new EnvError(['ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither']);
  }
  return env;
}

/** The database the environment points at: PostgreSQL when DATABASE_URL is set, else PGlite on disk. */
export function databaseTarget(env: BackendEnv): { url: string } | { dataDir: string } {
  return env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.PGLITE_DIR };
}

/** The admin account to create at seed time, when the environment names one. */
export function adminFromEnv(env: BackendEnv): { email: string; password: string } | undefined {
  return env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined;
}
