import type { MikroORM } from '@mikro-orm/core';
import { queryRows } from '../persistence/query-rows';
import type { Clock } from '../ports/clock';

/**
 * What the service has waiting, for `/metrics`: how long the oldest due scheduled check (a rule's
 * evaluation, a data source's poll) and the oldest due heartbeat deadline have waited past their
 * time with nobody running them (0 when none waits), and heartbeats by state. Read from the
 * database, so every replica answers the same figures.
 *
 * @example { oldestDueSeconds: { check: 0.4, heartbeat: 0 }, heartbeats: { new: 1, up: 12, late: 0, down: 1, paused: 0 } }
 */
export interface ServiceBacklog {
  oldestDueSeconds: { check: number; heartbeat: number };
  heartbeats: Record<string, number>;
}

export class ServiceBacklogReader {
  constructor(private readonly deps: { orm: MikroORM; clock: Clock }) {}

  async read(): Promise<ServiceBacklog> {
    const em = this.deps.orm.em.fork();
    const now = this.deps.clock.now();
    // A check under a live lease is being run: it waits on its source, not on the service.
    const [checks] = await queryRows<{ oldest: Date | string | null }>(
      em,
      `select min(next_run_at) as oldest from scheduled_checks
        where next_run_at <= ?::timestamptz and (lease_until is null or lease_until <= ?::timestamptz)`,
      [now, now],
    );
    const [heartbeats] = await queryRows<{ oldest: Date | string | null }>(
      em,
      'select min(due_at) as oldest from heartbeats where due_at <= ?::timestamptz',
      [now],
    );
    const states = await queryRows<{ state: string; count: number | string }>(
      em,
      'select state, count(*) as count from heartbeats group by state',
    );
    return {
      oldestDueSeconds: {
        check: secondsSince(checks?.oldest ?? null, now),
        heartbeat: secondsSince(heartbeats?.oldest ?? null, now),
      },
      heartbeats: Object.fromEntries(states.map((row) => [row.state, Number(row.count)])),
    };
  }
}

function secondsSince(value: Date | string | null, now: Date): number {
  if (value === null) return 0;
  const at = value instanceof Date ? value : new Date(value);
  return Math.max(0, (now.getTime() - at.getTime()) / 1000);
}
