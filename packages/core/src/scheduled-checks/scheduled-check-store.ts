import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { jsonColumn } from '../alert-lifecycle/alert-event-values';
import { queryRows } from '../persistence/query-rows';
import { runStatement } from '../persistence/run-statement';
import type { CheckStatus } from '../ports/check-schedule';
import { failingRunsOf } from './source-unreachable';

/** What is checked: an evaluated rule, or a data source whose active alerts are polled. */
export type CheckKind = 'rule' | 'poll';

/**
 * A due check, claimed: its lease is held until `finish` (or until it lapses, when the process
 * running it died), and its next run is already scheduled, one interval on from this one.
 */
export interface CheckClaim {
  readonly kind: CheckKind;
  readonly subjectId: string;
  /** When this run was due. */
  readonly scheduledAt: Date;
  readonly intervalMs: number;
  /** Checks with the same key ask the same data source: the engine bounds how many run at once. */
  readonly concurrencyKey: string;
  readonly memory: unknown;
}

/** What a run leaves for the next one and for the rule's readers. */
export interface CheckOutcome {
  readonly status: 'ok' | 'error';
  readonly error: string | null;
  readonly document: Record<string, unknown>;
  readonly memory: Record<string, unknown>;
  readonly startedAt: Date;
  readonly finishedAt: Date;
}

/** A check as it should be scheduled: its subject and how often it runs. */
export interface WantedCheck {
  readonly subjectId: string;
  readonly intervalMs: number;
}

/** The lease beyond the longest run (a run's timeout is at most its interval and 60 s). */
const LEASE_SLACK_MS = 30_000;

/**
 * Where in its interval a subject's runs fall, the same on every start: a thousand rules with a
 * one-minute interval run spread over the minute, not all at its first second.
 */
export function phaseOf(subjectId: string, intervalMs: number): number {
  const hash = createHash('sha256').update(subjectId).digest();
  return hash.readUInt32BE(0) % Math.max(1, intervalMs);
}

/**
 * Brings the schedule of one kind in line with what should run: adds the subjects missing (first
 * run at their phase within the interval), takes the new interval of those changed (from now), and
 * drops the rest. Runs in progress keep their lease.
 */
export async function reconcileChecks(
  em: EntityManager,
  kind: CheckKind,
  wanted: readonly WantedCheck[],
  now: Date,
): Promise<void> {
  const stored = await queryRows<{ subject_id: string; interval_ms: number }>(
    em,
    'select subject_id, interval_ms from scheduled_checks where kind = ?',
    [kind],
  );
  const storedIntervals = new Map(stored.map((row) => [row.subject_id, Number(row.interval_ms)]));
  const wantedIds = new Set<string>();
  for (const check of wanted) {
    wantedIds.add(check.subjectId);
    const current = storedIntervals.get(check.subjectId);
    if (current === check.intervalMs) continue;
    await scheduleCheck(em, kind, check.subjectId, check.intervalMs, now);
  }
  const gone = stored.map((row) => row.subject_id).filter((id) => !wantedIds.has(id));
  if (gone.length > 0) {
    await runStatement(em, 'delete from scheduled_checks where kind = ? and subject_id in (?)', [kind, gone]);
  }
}

/**
 * Schedules one subject at its interval (as `reconcileChecks` would), or drops its schedule when
 * `intervalMs` is null: a rule just created or changed is scheduled without waiting for the next
 * reconcile.
 */
export async function scheduleCheck(
  em: EntityManager,
  kind: CheckKind,
  subjectId: string,
  intervalMs: number | null,
  now: Date,
): Promise<void> {
  if (intervalMs === null) {
    await runStatement(em, 'delete from scheduled_checks where kind = ? and subject_id = ?', [
      kind,
      subjectId,
    ]);
    return;
  }
  await runStatement(
    em,
    `insert into scheduled_checks (kind, subject_id, interval_ms, next_run_at) values (?, ?, ?, ?)
     on conflict (kind, subject_id) do update
        set interval_ms = excluded.interval_ms,
            next_run_at = case when scheduled_checks.interval_ms = excluded.interval_ms
                               then scheduled_checks.next_run_at
                               else least(scheduled_checks.next_run_at, excluded.next_run_at) end`,
    [kind, subjectId, intervalMs, new Date(nextPhase(now.getTime(), subjectId, intervalMs))],
  );
}

/** The first time after `now` at the subject's phase of its interval. */
function nextPhase(now: number, subjectId: string, intervalMs: number): number {
  const phase = phaseOf(subjectId, intervalMs);
  const base = now - (now % intervalMs) + phase;
  return base > now ? base : base + intervalMs;
}

/**
 * Claims up to `limit` due checks not running elsewhere (`skip locked`: concurrent claimers split
 * the work, never share a check). Each gets a lease for its longest run and its next run one
 * interval on; runs missed while nothing claimed (the service was down) are skipped, not caught up.
 */
export async function claimDueChecks(em: EntityManager, now: Date, limit: number): Promise<CheckClaim[]> {
  const rows = await queryRows<{
    kind: CheckKind;
    subject_id: string;
    last_scheduled_at: Date | string;
    interval_ms: number;
    concurrency_key: string;
    memory: unknown;
  }>(
    em,
    `with due as (
       select kind, subject_id from scheduled_checks
        where next_run_at <= ?::timestamptz and (lease_until is null or lease_until <= ?::timestamptz)
        order by next_run_at
        limit ?
        for update skip locked)
     update scheduled_checks c
        set lease_until = ?::timestamptz + (least(c.interval_ms, 60000) + ${LEASE_SLACK_MS}) * interval '1 millisecond',
            last_scheduled_at = c.next_run_at,
            next_run_at = c.next_run_at + c.interval_ms * greatest(1, ceil(
              extract(epoch from (?::timestamptz - c.next_run_at)) * 1000 / c.interval_ms)) * interval '1 millisecond'
       from due
      where c.kind = due.kind and c.subject_id = due.subject_id
     returning c.kind, c.subject_id, c.last_scheduled_at, c.interval_ms, c.memory,
       case when c.kind = 'poll' then c.subject_id::text
            else coalesce(
              (select min(d.data_source_id::text) from alert_rule_data_sources d where d.alert_rule_id = c.subject_id),
              (select 'type:' || r.type from alert_rules r where r.id = c.subject_id),
              c.subject_id::text)
       end as concurrency_key`,
    [now, now, limit, now, now],
  );
  return rows.map((row) => ({
    kind: row.kind,
    subjectId: row.subject_id,
    scheduledAt: new Date(row.last_scheduled_at),
    intervalMs: Number(row.interval_ms),
    concurrencyKey: row.concurrency_key,
    memory: row.memory,
  }));
}

/** Records a run's outcome and releases its lease. */
export async function finishCheck(
  em: EntityManager,
  claim: CheckClaim,
  outcome: CheckOutcome,
): Promise<void> {
  await runStatement(
    em,
    `update scheduled_checks
        set lease_until = null, last_started_at = ?, last_finished_at = ?, last_status = ?, last_error = ?,
            last_document = ?::jsonb, memory = ?::jsonb,
            failures = case when ? = 'ok' then 0 else failures + 1 end
      where kind = ? and subject_id = ?`,
    [
      outcome.startedAt,
      outcome.finishedAt,
      outcome.status,
      outcome.error,
      jsonColumn(outcome.document),
      JSON.stringify(outcome.memory),
      outcome.status,
      claim.kind,
      claim.subjectId,
    ],
  );
}

export async function readCheckStatus(
  em: EntityManager,
  kind: CheckKind,
  subjectId: string,
): Promise<CheckStatus | null> {
  const [row] = await queryRows<{
    last_status: 'ok' | 'error' | null;
    last_error: string | null;
    last_document: Record<string, unknown> | null;
    interval_ms: number;
    last_started_at: Date | string | null;
    next_run_at: Date | string;
    failures: number;
    failing: unknown;
  }>(
    em,
    `select last_status, last_error, last_document, interval_ms, last_started_at, next_run_at, failures,
            memory->'failing' as failing
       from scheduled_checks where kind = ? and subject_id = ?`,
    [kind, subjectId],
  );
  if (!row) return null;
  return {
    status: row.last_status ?? 'pending',
    error: row.last_error,
    document: row.last_document,
    intervalSeconds: Number(row.interval_ms) / 1000,
    lastRunAt: row.last_started_at ? new Date(row.last_started_at).toISOString() : null,
    nextRunAt: new Date(row.next_run_at).toISOString(),
    failures: Number(row.failures),
    unreachableSince: unreachableSinceOf(row.failing),
  };
}

function unreachableSinceOf(stored: unknown): string | null {
  // PGlite may hand a jsonb value back as text.
  const failing = failingRunsOf(typeof stored === 'string' ? JSON.parse(stored) : stored);
  return failing?.open ? new Date(failing.since).toISOString() : null;
}
