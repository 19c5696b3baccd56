/**
 * The sync coordinator: one Durable Object (README "Sync at scale") that runs every sync as a series
 * of steps, each a call of its own and so an invocation of its own, inside Cloudflare's per-invocation
 * limits whatever the catalog's size (invocation-budget.ts):
 *
 * 1. planning, one step per part (a store's products, its CMS pages…; a named sync's records in
 *    groups): fetch, validate, compare with KV; the operations to write are kept in the object's
 *    own SQLite storage, nothing is written to KV. A backend failure ends the run here: KV and
 *    `pulse` are as they were (DECISIONS.md 3).
 * 2. applying, OPS_PER_STEP operations a step: records first, then listings, then deletions.
 * 3. committing: the next `pulse` (DECISIONS.md 4), the one write that makes the sync visible.
 *
 * The state of a run is stored, so a run outlives whoever drives it: `POST /sync` drives its run
 * step by step and waits; should that request or the worker go away, the object's alarm drives the
 * run on (an interrupted plan is planned again, an interrupted apply re-applies its chunk, as writes
 * are idempotent), so a store is never left half switched. Runs of overlapping stores never
 * interleave: the second is refused as busy (409 `sync_in_progress`, DECISIONS.md 46).
 */
import { DurableObject } from 'cloudflare:workers';
import { BackendError } from '../backend-client.ts';
import { readPulse } from '../content/content-store.ts';
import { countedKv } from '../content/counted-kv.ts';
import { contentKeys, PULSE_KEY } from '../content/keys.ts';
import { backendClient, getConfig } from '../config.ts';
import { countingFetch, OPS_PER_STEP, type Spent } from './invocation-budget.ts';
import { planNamed, type NamedType } from './named-sync.ts';
import type { SyncType } from './parts.ts';
import { applyOps, planPart, type KvOp, type PartPlan } from './plan.ts';
import { sha256Hex } from '../hex.ts';
import { nextPulse } from './pulse.ts';
import { syncStores, toFailure, type SyncFailure } from './sync-failures.ts';

export type SyncJob =
  | { kind: 'full'; types: SyncType[]; store?: string }
  | { kind: 'named'; type: NamedType; saved: string[]; deleted: string[]; store?: string };

type PlanStep = { store: string; type: SyncType } | { store: string; type: NamedType; saved: string[]; deleted: string[] };

export type Phase = 'planning' | 'applying' | 'committing' | 'done' | 'failed';

/** The most any one invocation of a run spent, and how many there were (the driver's own included). */
export interface Invocations {
  steps: number;
  maxKvOperations: number;
  maxSubrequests: number;
  maxStepMs: number;
}

export interface KvReport {
  written: number;
  unchanged: number;
  deleted: number;
}

export type RunOutcome =
  | { success: true; synced: Partial<Record<SyncType, number>>; kv: KvReport; pulse: string; invocations: Invocations }
  | { success: false; errors: SyncFailure[]; invocations: Invocations };

export type Started = { runId: string } | { busy: true } | { unknownStore: string } | { failure: SyncFailure };

/** Progress of a run, for `GET /sync/status` and the driver. */
export interface RunStatus {
  id: string;
  job: SyncJob;
  stores: string[];
  phase: Phase;
  plannedParts: number;
  partsToPlan: number;
  opsApplied: number;
  opsTotal: number;
  startedAt: string;
  updatedAt: string;
  outcome?: RunOutcome;
}

/** A named sync plans this many records a step, so a burst of saves stays inside one step's budget. */
const NAMES_PER_STEP = 50;
/** An unfinished run nobody stepped for this long is driven on by the alarm. */
const RESUME_AFTER_MS = 10_000;
/** A run whose planning fails this often for other reasons than the backend ends failed. */
const PLAN_ATTEMPTS = 5;
/** A step the alarm drove that failed (KV unavailable) is tried again after this. */
const RETRY_AFTER_MS = 2_000;
/** Finished runs kept for the status. */
const RUNS_KEPT = 20;

interface RunRow extends Record<string, SqlStorageValue> {
  id: string;
  job: string;
  stores: string;
  steps: string;
  next_step: number;
  phase: string;
  ops_total: number;
  ops_done: number;
  invocations: string;
  outcome: string | null;
  started_at: number;
  updated_at: number;
  failures: number;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size));
  return out;
}

/** The plan steps of a job: each store's parts, a named sync's records a group at a time. */
function planSteps(job: SyncJob, stores: readonly string[]): PlanStep[] {
  if (job.kind === 'full') return stores.flatMap((store) => job.types.map((type) => ({ store, type })));
  const names = [...job.saved.map((name) => ({ name, deleted: false })), ...job.deleted.map((name) => ({ name, deleted: true }))];
  const groups = names.length === 0 ? [[]] : chunks(names, NAMES_PER_STEP);
  return stores.flatMap((store) =>
    groups.map((group) => ({ store, type: job.type, saved: group.filter((n) => !n.deleted).map((n) => n.name), deleted: group.filter((n) => n.deleted).map((n) => n.name) })),
  );
}

export class SyncCoordinator extends DurableObject<Env> {
  readonly #sql: SqlStorage;
  /** Runs with a step under way in this instance: a second driver waits for it instead. */
  readonly #stepping = new Map<string, Promise<RunStatus>>();
  /** Runs whose driver went away, driven on by the alarm until they end. */
  readonly #orphans = new Set<string>();
  /** Commits one after the other: each reads `pulse` and writes the next (runs of other stores may end together). */
  #commits: Promise<unknown> = Promise.resolve();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.#sql = ctx.storage.sql;
    this.#sql.exec(`CREATE TABLE IF NOT EXISTS sync_runs (
      id TEXT PRIMARY KEY, job TEXT NOT NULL, stores TEXT NOT NULL, steps TEXT NOT NULL, next_step INTEGER NOT NULL,
      phase TEXT NOT NULL, ops_total INTEGER NOT NULL, ops_done INTEGER NOT NULL, invocations TEXT NOT NULL,
      outcome TEXT, started_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, failures INTEGER NOT NULL DEFAULT 0)`);
    this.#sql.exec('CREATE TABLE IF NOT EXISTS sync_ops (run_id TEXT NOT NULL, seq INTEGER NOT NULL, op TEXT NOT NULL, PRIMARY KEY (run_id, seq))');
    this.#sql.exec(`CREATE TABLE IF NOT EXISTS sync_parts (
      run_id TEXT NOT NULL, step INTEGER NOT NULL, part TEXT NOT NULL, type TEXT NOT NULL, count INTEGER NOT NULL,
      digest TEXT, written INTEGER NOT NULL, unchanged INTEGER NOT NULL, deleted INTEGER NOT NULL, PRIMARY KEY (run_id, step))`);
  }

  /** Starts a run of `job`, unless a running one covers one of its stores. */
  async start(job: SyncJob): Promise<Started> {
    const spent: Spent = { kv: 0, subrequests: 0 };
    const covered = await syncStores(backendClient(getConfig(), countingFetch(spent)), job.store);
    if ('failure' in covered || 'unknownStore' in covered) return covered;
    // No await between this check and the insert: two starts cannot both pass it.
    const busy = this.#rows("SELECT * FROM sync_runs WHERE phase IN ('planning', 'applying', 'committing')").some((row) =>
      (JSON.parse(row.stores) as string[]).some((store) => covered.stores.includes(store)),
    );
    if (busy) return { busy: true };
    const id = crypto.randomUUID();
    const now = Date.now();
    const invocations: Invocations = { steps: 1, maxKvOperations: spent.kv, maxSubrequests: spent.subrequests, maxStepMs: 0 };
    this.#sql.exec(
      'INSERT INTO sync_runs VALUES (?, ?, ?, ?, 0, ?, 0, 0, ?, NULL, ?, ?, 0)',
      id,
      JSON.stringify(job),
      JSON.stringify(covered.stores),
      JSON.stringify(planSteps(job, covered.stores)),
      'planning',
      JSON.stringify(invocations),
      now,
      now,
    );
    await this.ctx.storage.setAlarm(now + RESUME_AFTER_MS);
    return { runId: id };
  }

  /** Runs the run's next step (or waits for the one under way) and answers its progress. */
  step(runId: string): Promise<RunStatus> {
    const underWay = this.#stepping.get(runId);
    if (underWay) return underWay;
    const stepping = this.#step(runId).finally(() => this.#stepping.delete(runId));
    this.#stepping.set(runId, stepping);
    return stepping;
  }

  /** Every unfinished run, and the latest finished ones. */
  async status(): Promise<{ running: RunStatus[]; recent: RunStatus[] }> {
    const rows = this.#rows('SELECT * FROM sync_runs ORDER BY started_at DESC');
    const statuses = rows.map((row) => this.#status(row));
    return { running: statuses.filter((s) => !['done', 'failed'].includes(s.phase)), recent: statuses.filter((s) => ['done', 'failed'].includes(s.phase)).slice(0, 5) };
  }

  /** Drives on the runs nobody has stepped for a while (their request or worker went away). */
  override async alarm(): Promise<void> {
    const open = this.#rows("SELECT * FROM sync_runs WHERE phase IN ('planning', 'applying', 'committing') ORDER BY started_at");
    for (const row of open) {
      if (!this.#stepping.has(row.id) && Date.now() - row.updated_at >= RESUME_AFTER_MS - 100) this.#orphans.add(row.id);
    }
    // One step per alarm: each alarm is an invocation of its own, with its own budget.
    const orphan = open.find((row) => this.#orphans.has(row.id));
    let next = RESUME_AFTER_MS;
    if (orphan) {
      try {
        const status = await this.step(orphan.id);
        if (status.phase === 'done' || status.phase === 'failed') this.#orphans.delete(orphan.id);
        next = 0;
      } catch (error) {
        console.error(`sync ${orphan.id}: a step driven by the alarm failed; it is tried again in ${RETRY_AFTER_MS} ms`, error);
        next = RETRY_AFTER_MS;
      }
    }
    const left = this.#rows("SELECT id FROM sync_runs WHERE phase IN ('planning', 'applying', 'committing')");
    if (left.length > 0) await this.ctx.storage.setAlarm(Date.now() + next);
  }

  #rows(query: string, ...bindings: SqlStorageValue[]): RunRow[] {
    return this.#sql.exec<RunRow>(query, ...bindings).toArray();
  }

  #run(runId: string): RunRow {
    const [row] = this.#rows('SELECT * FROM sync_runs WHERE id = ?', runId);
    if (!row) throw new Error(`No sync run ${runId}.`);
    return row;
  }

  #status(row: RunRow): RunStatus {
    const steps = JSON.parse(row.steps) as PlanStep[];
    return {
      id: row.id,
      job: JSON.parse(row.job) as SyncJob,
      stores: JSON.parse(row.stores) as string[],
      phase: row.phase as Phase,
      plannedParts: Math.min(row.next_step, steps.length),
      partsToPlan: steps.length,
      opsApplied: row.ops_done,
      opsTotal: row.ops_total,
      startedAt: new Date(row.started_at).toISOString(),
      updatedAt: new Date(row.updated_at).toISOString(),
      outcome: row.outcome ? (JSON.parse(row.outcome) as RunOutcome) : undefined,
    };
  }

  async #step(runId: string): Promise<RunStatus> {
    const row = this.#run(runId);
    if (row.phase === 'done' || row.phase === 'failed') return this.#status(row);
    const spent: Spent = { kv: 0, subrequests: 0 };
    const kv = countedKv(this.env.CONTENT, () => {
      spent.kv += 1;
    });
    const startedAt = Date.now();
    let failure: SyncFailure | undefined;
    try {
      if (row.phase === 'planning') failure = await this.#plan(row, kv, backendClient(getConfig(), countingFetch(spent)));
      else if (row.phase === 'applying') await this.#apply(row, kv);
      else await (this.#commits = this.#commits.catch(() => undefined).then(() => this.#commit(row, kv)));
    } catch (error) {
      // KV or the runtime failing, not the backend. Planning has written nothing, so a run that keeps
      // failing there ends (and frees its stores); applying must go on until it succeeds (resumes).
      this.#sql.exec('UPDATE sync_runs SET failures = failures + 1, updated_at = ? WHERE id = ?', Date.now(), runId);
      if (row.phase !== 'planning' || row.failures + 1 < PLAN_ATTEMPTS) throw error;
      const step = (JSON.parse(row.steps) as PlanStep[])[row.next_step]!;
      failure = { type: step.type, store: step.store, path: '', message: `Planning failed ${PLAN_ATTEMPTS} times: ${error instanceof Error ? error.message : String(error)}` };
    }

    const before = JSON.parse(row.invocations) as Invocations;
    const invocations: Invocations = {
      steps: before.steps + 1,
      maxKvOperations: Math.max(before.maxKvOperations, spent.kv),
      maxSubrequests: Math.max(before.maxSubrequests, spent.subrequests),
      maxStepMs: Math.max(before.maxStepMs, Date.now() - startedAt),
    };
    this.#sql.exec('UPDATE sync_runs SET invocations = ?, updated_at = ? WHERE id = ?', JSON.stringify(invocations), Date.now(), runId);
    if (failure) this.#finish(runId, { success: false, errors: [failure], invocations }, 'failed');
    const after = this.#run(runId);
    if (after.phase === 'done' && after.outcome) {
      const outcome = JSON.parse(after.outcome) as RunOutcome;
      this.#sql.exec('UPDATE sync_runs SET outcome = ? WHERE id = ?', JSON.stringify({ ...outcome, invocations }), runId);
    }
    return this.#status(this.#run(runId));
  }

  /** The SKU index buckets earlier steps of this run put for `store`, in planning order (the last one wins). */
  #plannedSkuBuckets(runId: string, store: string): Map<string, string> {
    const prefix = contentKeys.skuIndexPrefix(store);
    const planned = new Map<string, string>();
    for (const { op } of this.#sql.exec<{ op: string }>('SELECT op FROM sync_ops WHERE run_id = ? AND seq < 1000000000 ORDER BY seq', runId)) {
      const parsed = JSON.parse(op) as KvOp;
      if (parsed.kind === 'put' && parsed.key.startsWith(prefix)) planned.set(parsed.key, parsed.value);
    }
    return planned;
  }

  /** Plans the next part; its operations go to storage. A backend failure is the run's failure. */
  async #plan(row: RunRow, kv: KVNamespace, client: ReturnType<typeof backendClient>): Promise<SyncFailure | undefined> {
    const steps = JSON.parse(row.steps) as PlanStep[];
    const step = steps[row.next_step]!;
    let plan: PartPlan;
    try {
      plan =
        'saved' in step
          ? await planNamed(client, kv, step.store, { type: step.type, saved: step.saved, deleted: step.deleted }, this.#plannedSkuBuckets(row.id, step.store))
          : await planPart(client, kv, step.store, step.type);
    } catch (error) {
      if (!(error instanceof BackendError)) throw error;
      return toFailure(error, step.type, step.store);
    }
    const puts = plan.ops.filter((op) => op.kind === 'put');
    const deletes = plan.ops.filter((op) => op.kind === 'delete');
    this.ctx.storage.transactionSync(() => {
      // Puts in planning order (records, then listings), every deletion after every put.
      const [{ n }] = this.#sql.exec<{ n: number }>("SELECT count(*) AS n FROM sync_ops WHERE run_id = ? AND seq < 1000000000", row.id).toArray() as [{ n: number }];
      const [{ d }] = this.#sql.exec<{ d: number }>("SELECT count(*) AS d FROM sync_ops WHERE run_id = ? AND seq >= 1000000000", row.id).toArray() as [{ d: number }];
      puts.forEach((op, index) => this.#sql.exec('INSERT INTO sync_ops VALUES (?, ?, ?)', row.id, n + index, JSON.stringify(op)));
      deletes.forEach((op, index) => this.#sql.exec('INSERT INTO sync_ops VALUES (?, ?, ?)', row.id, 1_000_000_000 + d + index, JSON.stringify(op)));
      this.#sql.exec(
        'INSERT OR REPLACE INTO sync_parts VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
        row.id,
        row.next_step,
        `${plan.store}:${plan.type}`,
        plan.type,
        plan.count,
        plan.digest,
        puts.length,
        plan.unchanged,
        deletes.length,
      );
      const next = row.next_step + 1;
      // A run with nothing to write (a no-op sync) goes straight to its commit: no empty apply step.
      const nothingToWrite = row.ops_total + plan.ops.length === 0;
      const phase: Phase = next < steps.length ? 'planning' : nothingToWrite ? 'committing' : 'applying';
      this.#sql.exec('UPDATE sync_runs SET next_step = ?, phase = ?, ops_total = ops_total + ? WHERE id = ?', next, phase, plan.ops.length, row.id);
    });
    return undefined;
  }

  /** Writes the next OPS_PER_STEP operations; once none is left, the run commits. */
  async #apply(row: RunRow, kv: KVNamespace): Promise<void> {
    const chunk = this.#sql.exec<{ seq: number; op: string }>('SELECT seq, op FROM sync_ops WHERE run_id = ? ORDER BY seq LIMIT ?', row.id, OPS_PER_STEP).toArray();
    if (chunk.length === 0) {
      this.#sql.exec("UPDATE sync_runs SET phase = 'committing' WHERE id = ?", row.id);
      return;
    }
    await applyOps(kv, chunk.map((entry) => JSON.parse(entry.op) as KvOp));
    // Only once written: a step cut short before this line writes its chunk again.
    this.ctx.storage.transactionSync(() => {
      this.#sql.exec('DELETE FROM sync_ops WHERE run_id = ? AND seq <= ?', row.id, chunk.at(-1)!.seq);
      this.#sql.exec('UPDATE sync_runs SET ops_done = ops_done + ? WHERE id = ?', chunk.length, row.id);
      // A short chunk was the last: the next step commits, without a step that only finds nothing left.
      if (chunk.length < OPS_PER_STEP) this.#sql.exec("UPDATE sync_runs SET phase = 'committing' WHERE id = ?", row.id);
    });
  }

  /** Moves `pulse` over the parts' digests: the sync becomes visible. */
  async #commit(row: RunRow, kv: KVNamespace): Promise<void> {
    const parts = this.#sql
      .exec<{ part: string; type: string; count: number; digest: string | null; written: number; unchanged: number; deleted: number }>('SELECT part, type, count, digest, written, unchanged, deleted FROM sync_parts WHERE run_id = ? ORDER BY step', row.id)
      .toArray();
    const digests: Record<string, string> = {};
    for (const part of new Set(parts.map((p) => p.part))) {
      const changed = parts.filter((p) => p.part === part && p.digest !== null).map((p) => p.digest!);
      if (changed.length > 0) digests[part] = changed.length === 1 ? changed[0]! : await sha256Hex(changed.join('\n'));
    }
    const previous = await readPulse(kv);
    const job = JSON.parse(row.job) as SyncJob;
    // A named sync that changed nothing leaves the pulse, and the edge cache, as they were.
    const pulse = job.kind === 'named' && Object.keys(digests).length === 0 ? previous : await nextPulse(previous, digests, new Date());
    // A sync that changed nothing yields the same hash: it writes nothing at all, `pulse` included
    // (the scheduled hourly full sync of an idle shop costs no KV write, DECISIONS.md 52).
    if (pulse && pulse.hash !== previous?.hash) await kv.put(PULSE_KEY, JSON.stringify(pulse));
    const synced: Partial<Record<SyncType, number>> = {};
    const report: KvReport = { written: 0, unchanged: 0, deleted: 0 };
    for (const part of parts) {
      synced[part.type as SyncType] = (synced[part.type as SyncType] ?? 0) + part.count;
      report.written += part.written;
      report.unchanged += part.unchanged;
      report.deleted += part.deleted;
    }
    const invocations = JSON.parse(row.invocations) as Invocations;
    this.#finish(row.id, { success: true, synced, kv: report, pulse: pulse?.hash ?? '', invocations }, 'done');
  }

  #finish(runId: string, outcome: RunOutcome, phase: 'done' | 'failed'): void {
    this.ctx.storage.transactionSync(() => {
      this.#sql.exec('UPDATE sync_runs SET phase = ?, outcome = ?, updated_at = ? WHERE id = ?', phase, JSON.stringify(outcome), Date.now(), runId);
      this.#sql.exec('DELETE FROM sync_ops WHERE run_id = ?', runId);
      this.#sql.exec('DELETE FROM sync_parts WHERE run_id = ?', runId);
      this.#sql.exec(
        "DELETE FROM sync_runs WHERE phase IN ('done', 'failed') AND id NOT IN (SELECT id FROM sync_runs WHERE phase IN ('done', 'failed') ORDER BY started_at DESC LIMIT ?)",
        RUNS_KEPT,
      );
    });
  }
}
