/**
 * What `npm run preview` does for a branch, as data (scripts/preview.ts runs it; the tests read it):
 * the Preview's name, its own KV namespace, the Worker configuration bound to that namespace, the
 * secrets it gets (the password gate's among them) and the wrangler commands.
 *
 * Cloudflare's Previews (`wrangler preview`, open beta) and not aliased version URLs (`wrangler
 * versions upload --preview-alias`): Cloudflare generates no version URL for a Worker that
 * implements a Durable Object, and ours implements the sync coordinator; a Preview gets its own
 * Durable Object namespace too, so a branch's syncs never meet production's.
 */
import { createHash, randomBytes } from 'node:crypto';

/** A workers.dev host label is at most 63 characters: `<preview>-<worker>`. */
const LABEL_MAX = 63;

/**
 * A DNS- and binding-safe name for a branch: lower-case letters, digits and single dashes, never
 * empty, short enough that `<name>-<worker>` is one host label. Names that had to be changed or cut
 * carry a short hash of the branch, so two branches never share a Preview.
 */
export function previewName(branch: string, worker: string): string {
  const room = LABEL_MAX - worker.length - 1;
  if (room < 12) throw new Error(`The Worker name "${worker}" leaves no room for a Preview name in a host label.`);
  const cleaned = branch
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (cleaned === branch && cleaned.length <= room) return cleaned;
  const hash = createHash('sha256').update(branch).digest('hex').slice(0, 6);
  const head = cleaned.slice(0, room - hash.length - 1).replace(/-+$/, '');
  return head ? `${head}-${hash}` : `branch-${hash}`;
}

/** The title of the Preview's own KV namespace. */
export const namespaceTitle = (worker: string, name: string) => `${worker}-preview-${name}`;

interface BuiltConfig {
  name: string;
  kv_namespaces?: Array<{ binding: string; id?: string }>;
  [key: string]: unknown;
}

/** The built configuration with the CONTENT binding on the Preview's namespace; everything else kept. */
export function previewConfig(built: BuiltConfig, namespaceId: string): BuiltConfig {
  const namespaces = built.kv_namespaces ?? [];
  if (!namespaces.some((namespace) => namespace.binding === 'CONTENT')) throw new Error('The built configuration has no CONTENT KV binding.');
  return { ...built, kv_namespaces: namespaces.map((namespace) => (namespace.binding === 'CONTENT' ? { binding: 'CONTENT', id: namespaceId } : namespace)) };
}

export interface PreviewSecrets {
  SYNC_SECRET: string;
  STOREFRONT_PROXY_SECRET: string;
  SESSION_SECRET: string;
  PREVIEW_PASSWORD?: string;
}

/**
 * The Preview's secrets: the backend's shared ones from the environment, a session secret of its
 * own, and the gate's password (DECISIONS.md 15) unless `gate` is off: the given one, else a new one.
 */
export function previewSecrets(env: Record<string, string | undefined>, gate: boolean): PreviewSecrets {
  const missing = ['SYNC_SECRET', 'STOREFRONT_PROXY_SECRET'].filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`Set ${missing.join(' and ')} (the backend's values) for the Preview.`);
  return {
    SYNC_SECRET: env.SYNC_SECRET!,
    STOREFRONT_PROXY_SECRET: env.STOREFRONT_PROXY_SECRET!,
    SESSION_SECRET: env.PREVIEW_SESSION_SECRET || randomBytes(32).toString('base64url'),
    ...(gate ? { PREVIEW_PASSWORD: env.PREVIEW_PASSWORD || randomBytes(12).toString('base64url') } : {}),
  };
}

/** The wrangler commands, as argument lists after `wrangler`. */
export const wranglerCommands = {
  listNamespaces: () => ['kv', 'namespace', 'list'],
  createNamespace: (title: string) => ['kv', 'namespace', 'create', title],
  deleteNamespace: (id: string) => ['kv', 'namespace', 'delete', '--namespace-id', id, '--skip-confirmation'],
  upload: (options: { config: string; name: string; secretsFile: string; backendUrl: string }) => [
    'preview',
    '--config', options.config,
    '--name', options.name,
    '--secrets-file', options.secretsFile,
    '--var', `BACKEND_API_URL:${options.backendUrl}`,
    '--message', `Preview of ${options.name}`,
    '--json',
  ],
  delete: (config: string, name: string) => ['preview', 'delete', '--config', config, '--name', name, '--skip-confirmation'],
};

/** The Preview's URL in `wrangler preview --json`'s answer (the first https URL it names). */
export function previewUrlOf(output: string): string {
  const url = /https:\/\/[a-z0-9.-]+\.workers\.dev\b/i.exec(output)?.[0];
  if (!url) throw new Error(`wrangler preview named no workers.dev URL:\n${output}`);
  return url;
}
