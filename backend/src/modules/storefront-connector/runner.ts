import pRetry from 'p-retry';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { ModuleContext } from '../../platform/modules/context.ts';
import { cloudflareHeaders, purgeBodies, purgeUrl } from './cloudflare.ts';
import { connectorTarget, type ConnectorSettings, type ConnectorTarget } from './config.ts';
import type { ConnectorEnv } from './env.ts';
import { CallFailed, postJson } from './http-call.ts';
import { syncStoreCode } from './store-code.ts';
import { recordCall } from './sync-log.ts';

/** The connector's context: its configuration and environment. */
export type ConnectorContext = ModuleContext<ConnectorSettings, ConnectorEnv>;

/** The storefront's sync routes the connector calls (SPEC.md "Sync"); "all" is POST /sync. */
export type SyncType = 'config' | 'products' | 'categories' | 'cms-pages' | 'blog-posts' | 'all';
export type Trigger = 'product_saved' | 'product_deleted' | 'category_saved' | 'cms_page_saved' | 'blog_post_saved' | 'form_saved' | 'access_changed' | 'schedule' | 'sync_now';
type CallType = SyncType | 'cloudflare-purge';

export interface CallOutcome {
  ok: boolean;
  attempts: number;
  httpStatus?: number;
  error?: string;
}

/** Nothing can be sent without these; the log says which is missing instead of retrying in vain. */
function storefrontTarget(config: ConnectorTarget): { url: string; secret: string } {
  if (!config.storefrontUrl) throw new CallFailed('Storefront URL is not configured (admin Storefront page or STOREFRONT_URL).', undefined, false);
  if (!config.syncSecret) {
    throw new CallFailed('Sync Secret is not configured for this Storefront URL (admin Storefront page; SYNC_SECRET is sent only to STOREFRONT_URL).', undefined, false);
  }
  return { url: config.storefrontUrl, secret: config.syncSecret };
}

/** Failures the log should explain: the far side's answer, or a configuration the admin must fix (never retried). */
function asCallFailure(error: unknown): CallFailed | undefined {
  if (error instanceof CallFailed) return error;
  if (error instanceof AppError) return new CallFailed(error.message, undefined, false, { cause: error });
  return undefined;
}

/**
 * Calls to the storefront and the Cloudflare API, each attempt timed and written to the sync log. Made
 * per use from the module's context; shutting the app down aborts its retry waits.
 */
export class Runner {
  readonly #ctx: ConnectorContext;
  readonly #db: Db;
  readonly #options: ConnectorEnv;
  readonly #signal: AbortSignal;

  constructor(ctx: ConnectorContext) {
    this.#ctx = ctx;
    this.#db = ctx.db;
    this.#options = ctx.env;
    this.#signal = ctx.signal;
  }

  async #target(): Promise<ConnectorTarget> {
    return connectorTarget(await this.#ctx.config(), this.#options);
  }

  /** Retries with exponential backoff (1 s, 2 s, 4 s… by default, jittered); every attempt is logged. */
  async #call(type: CallType, trigger: string, send: () => Promise<number>): Promise<CallOutcome> {
    let attempts = 0;
    const attempt = async (attemptNumber: number): Promise<number> => {
      attempts = attemptNumber;
      const startedAt = new Date();
      const t0 = performance.now();
      const entry = { type, trigger, attempt: attemptNumber, startedAt };
      let httpStatus: number;
      try {
        httpStatus = await send();
      } catch (error) {
        const failure = asCallFailure(error);
        await recordCall(this.#db, { ...entry, status: 'failed', httpStatus: failure?.httpStatus, durationMs: Math.round(performance.now() - t0), error: failure?.message ?? String(error) });
        // Anything else is a bug: logged above, and on to the caller's error log.
        throw failure ?? error;
      }
      await recordCall(this.#db, { ...entry, status: 'success', httpStatus, durationMs: Math.round(performance.now() - t0) });
      return httpStatus;
    };
    try {
      const httpStatus = await pRetry(attempt, {
        retries: this.#options.retries,
        factor: 2,
        minTimeout: this.#options.retryMinTimeoutMs,
        maxTimeout: this.#options.retryMinTimeoutMs * 60,
        randomize: true,
        signal: this.#signal,
        shouldRetry: ({ error }) => error instanceof CallFailed && error.retryable,
      });
      return { ok: true, attempts, httpStatus };
    } catch (error) {
      // Every attempt is already in the log; the outcome carries the last failure to the caller.
      if (!(error instanceof CallFailed) && !this.#signal.aborted) throw error;
      return { ok: false, attempts, httpStatus: error instanceof CallFailed ? error.httpStatus : undefined, error: error instanceof Error ? error.message : String(error) };
    }
  }

  /** POSTs the storefront's sync of `type`; `body` names records for a partial sync of just those (DECISIONS.md 46). */
  async sync(type: SyncType, trigger: Trigger, body: Record<string, unknown> = {}): Promise<CallOutcome> {
    // Read on every attempt: a configuration fixed between retries applies, and a broken one is logged.
    return this.#call(type, trigger, async () => {
      const config = await this.#target();
      const { url, secret } = storefrontTarget(config);
      const target = new URL(type === 'all' ? `${url}/sync` : `${url}/sync/${type}`);
      target.searchParams.set('store', await syncStoreCode(this.#ctx, config.storeCode));
      return postJson(target.toString(), body, { authorization: `Bearer ${secret}` }, this.#options.requestTimeoutMs, this.#signal);
    });
  }

  /**
   * Purges storefront paths in every data centre through the zone's purge-by-tag API (DECISIONS.md 7, 53),
   * when Cloudflare account, credentials and zone are configured; otherwise nothing to do.
   */
  async purgeCloudflare(paths: readonly string[], trigger: string): Promise<CallOutcome[]> {
    const { cloudflare } = await this.#target();
    if (!cloudflare || paths.length === 0) return [];
    const endpoint = purgeUrl(this.#options.cloudflareApiBase, cloudflare.zoneId);
    const outcomes: CallOutcome[] = [];
    for (const body of await purgeBodies(paths)) {
      outcomes.push(await this.#call('cloudflare-purge', trigger, () => postJson(endpoint, body, cloudflareHeaders(cloudflare.auth), this.#options.requestTimeoutMs, this.#signal)));
    }
    return outcomes;
  }
}
