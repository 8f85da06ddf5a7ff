import type { CheckRun, ServiceBacklog } from '@oncall/core';
import { Counter, Gauge, type Registry } from 'prom-client';

const HEARTBEAT_STATES = ['new', 'up', 'late', 'down', 'paused'] as const;

/**
 * Scheduled checks' runs, by kind (rule: an evaluation; poll), source type (a loaded plugin's, or
 * `unknown`) and outcome: a fixed set, never ids. For the core's `onCheckRun`.
 */
export function createCheckRunCounter(registry: Registry): (run: CheckRun) => void {
  const runs = new Counter({
    name: 'oncall_check_runs_total',
    help: 'Scheduled checks run: rule evaluations and data source polls, by source type and outcome (ok, error)',
    labelNames: ['kind', 'source_type', 'outcome'] as const,
    registers: [registry],
  });
  return (run) => runs.inc({ kind: run.kind, source_type: run.sourceType, outcome: run.outcome });
}

/**
 * What waits in the database, read at each scrape (one read shared by both gauges): the oldest
 * due scheduled check's and heartbeat deadline's wait, and heartbeats by state. A scrape while the
 * database does not answer keeps the last figures.
 */
export function registerBacklogGauges(registry: Registry, read: () => Promise<ServiceBacklog>): void {
  let inFlight: Promise<ServiceBacklog | null> | null = null;
  const current = () => {
    inFlight ??= read()
      .catch(() => null)
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };
  new Gauge({
    name: 'oncall_due_work_oldest_age_seconds',
    help: 'How long the oldest due scheduled check (check) or heartbeat deadline (heartbeat) has waited to be run (0 when none waits)',
    labelNames: ['work'] as const,
    registers: [registry],
    async collect() {
      const backlog = await current();
      if (!backlog) return;
      this.set({ work: 'check' }, backlog.oldestDueSeconds.check);
      this.set({ work: 'heartbeat' }, backlog.oldestDueSeconds.heartbeat);
    },
  });
  new Gauge({
    name: 'oncall_heartbeats',
    help: 'Heartbeats (one per heartbeat rule and instance) by state: new, up, late, down, paused',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const backlog = await current();
      if (!backlog) return;
      for (const state of HEARTBEAT_STATES) this.set({ state }, backlog.heartbeats[state] ?? 0);
    },
  });
}
