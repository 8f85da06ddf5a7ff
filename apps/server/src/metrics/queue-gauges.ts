import type { QueueStats } from '@oncall/engine';
import { Gauge, type Registry } from 'prom-client';

const STATES = ['queued', 'delayed', 'active', 'failed'] as const;

/**
 * Every engine queue's backlog, read from the database at each scrape: jobs by state, and how long
 * the oldest due job has waited. The registry collects both gauges at once, and they share the one
 * statement in flight. A scrape while the database does not answer keeps the last figures rather
 * than failing the whole page.
 */
export function registerQueueGauges(registry: Registry, stats: () => Promise<QueueStats[]>): void {
  let inFlight: Promise<QueueStats[] | null> | null = null;
  const current = () => {
    inFlight ??= stats()
      .catch(() => null)
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };
  new Gauge({
    name: 'oncall_engine_queue_jobs',
    help: 'Engine jobs by queue and state (queued: due now; delayed: waiting for their time; failed: kept after failing for good)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      for (const row of (await current()) ?? []) {
        for (const state of STATES) this.set({ queue: row.queue, state }, row[state]);
      }
    },
  });
  new Gauge({
    name: 'oncall_engine_queue_oldest_job_age_seconds',
    help: 'How long the oldest job due to run has waited, by queue (0 when none waits)',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      for (const row of (await current()) ?? []) this.set({ queue: row.queue }, row.oldestQueuedSeconds);
    },
  });
}
