import { randomUUID } from 'node:crypto';
import type { AlertState } from '@oncall/core';
import { queryRows } from '@oncall/core/persistence';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRule } from './support/seed-rule';
import { createTestApp, type TestApp } from './support/test-app';

const STATES: AlertState[] = ['unknown', 'resolved', 'triggered', 'warning', 'critical'];
const RANK = new Map(STATES.map((state, rank) => [state, rank]));

interface StoredEvent {
  id: string;
  ruleId: string;
  atMs: number;
  kind: 'fired' | 'resolved' | 'test';
  ruleState: AlertState;
  description: string;
}

const runStatement = (em: Parameters<typeof queryRows>[0], sql: string, params: unknown[]) =>
  em.getConnection().execute(sql, params, 'run');

/** mulberry32: the same histories and windows on every run. */
function seededRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Segment {
  status: AlertState;
  fromTime: number;
  toTime: number;
  changesCount: number;
  events: Array<{
    status: AlertState;
    fromTime: number;
    toTime: number;
    count: number;
    summary: string | null;
  }>;
}

/**
 * The timeline as the contract and the design guide define it, straight from the events: segments of
 * `max(100, ceil(span / count))` seconds from `from`; a segment's status is the worst of the state in
 * force at its start (the last event before it) and of every event inside it; its events are its
 * history grouped by consecutive status (the newest 10 runs), its changes those whose status differs
 * from the event before.
 */
function expectedSegments(events: StoredEvent[], from: number, to: number, count: number): Segment[] {
  const ordered = events
    .filter((e) => e.kind !== 'test')
    .sort((a, b) => a.atMs - b.atMs || a.id.localeCompare(b.id));
  const width = Math.max(100, Math.ceil((to - from) / count));
  const segments = Math.ceil((to - from) / width);
  const bucketOf = (e: StoredEvent) => Math.floor((e.atMs / 1000 - from) / width);
  return Array.from({ length: segments }, (_, j) => {
    const before = ordered.filter((e) => bucketOf(e) < j).at(-1);
    let worst = RANK.get(before?.ruleState ?? 'unknown') ?? 0;
    let previous = before?.ruleState ?? 'unknown';
    let changesCount = 0;
    const runs: Segment['events'] = [];
    for (const e of ordered.filter((e) => bucketOf(e) === j)) {
      worst = Math.max(worst, RANK.get(e.ruleState) ?? 0);
      if (e.ruleState !== previous) changesCount++;
      previous = e.ruleState;
      const at = Math.floor(e.atMs / 1000);
      const run = runs.at(-1);
      if (run?.status === e.ruleState)
        Object.assign(run, { toTime: at, count: run.count + 1, summary: e.description });
      else runs.push({ status: e.ruleState, fromTime: at, toTime: at, count: 1, summary: e.description });
    }
    return {
      status: STATES[worst] ?? 'unknown',
      fromTime: from + j * width,
      toTime: from + (j + 1) * width,
      changesCount,
      events: runs.slice(-10),
    };
  });
}

describe('status timeline from the state-change roll-up', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await createTestApp();
  });
  afterAll(() => h.dispose());

  it('answers exactly as the history does, for histories stored out of order and any window', async () => {
    const random = seededRandom(20261122);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const start = Date.UTC(2026, 10, 1) / 1000;
    const rules = [
      await seedRule(h.t, { endpointOwners: [] }),
      await seedRule(h.t, { endpointOwners: [] }),
      await seedRule(h.t, { endpointOwners: [] }),
    ];
    const events: StoredEvent[] = [];
    for (const { ruleId } of rules) {
      // Bursts of flapping between quiet stretches, over two days, at millisecond times.
      let atMs = start * 1000;
      for (let i = 0; i < 400; i++) {
        atMs += random() < 0.8 ? Math.floor(random() * 90_000) : Math.floor(random() * 4 * 3600_000);
        events.push({
          id: randomUUID(),
          ruleId,
          atMs,
          kind: random() < 0.05 ? 'test' : pick(['fired', 'resolved'] as const),
          ruleState: pick(random() < 0.1 ? STATES : (['resolved', 'warning', 'critical'] as const)),
          description: `event ${i}`,
        });
      }
    }
    // Stored in shuffled batches of 1 to 40 rows: an event may land before ones already stored.
    const shuffled = [...events].sort(() => random() - 0.5);
    const em = h.t.core.orm.em.fork();
    while (shuffled.length > 0) {
      const batch = shuffled.splice(0, 1 + Math.floor(random() * 40));
      await runStatement(
        em,
        `insert into alert_events (id, rule_id, kind, state, rule_state, description, created_at)
         values ${batch.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
        batch.flatMap((e) => [
          e.id,
          e.ruleId,
          e.kind,
          e.ruleState,
          e.ruleState,
          e.description,
          new Date(e.atMs),
        ]),
      );
    }

    const token = await h.adminToken();
    const ids = rules.map((r) => r.ruleId);
    for (let round = 0; round < 60; round++) {
      const span = pick([90, 600, 3600, 6 * 3600, 86400, 2 * 86400, 3 * 86400]) * (0.5 + random());
      const from = Math.floor(start - 3600 + random() * 2 * 86400);
      const to = from + Math.max(1, Math.floor(span));
      const count = 1 + Math.floor(random() * 100);
      const response = await h.call(
        'GET',
        `/api/v1/alert-rule/status?alertRuleIds=${ids.join(',')}&fromTime=${from}&toTime=${to}&bucketCount=${count}`,
        { token },
      );
      expect(response.statusCode).toBe(200);
      const answer = response.json() as Array<{
        alertRuleId: string;
        bucketSeconds: number;
        segments: Segment[];
      }>;
      for (const ruleId of ids) {
        const timeline = answer.find((r) => r.alertRuleId === ruleId);
        const expected = expectedSegments(
          events.filter((e) => e.ruleId === ruleId),
          from,
          to,
          count,
        );
        const where = `rule ${ruleId}, window [${from}, ${to}) in ${count}`;
        expect(timeline?.bucketSeconds, where).toBe(Math.max(100, Math.ceil((to - from) / count)));
        // Statuses first: a difference there reads more plainly than one in the whole segments.
        expect(
          timeline?.segments.map((b) => b.status),
          where,
        ).toEqual(expected.map((b) => b.status));
        expect(timeline?.segments, where).toEqual(expected);
      }
    }
  });

  it('rolls up only what changes the state, so repeats of a standing state add no rows', async () => {
    const { ruleId } = await seedRule(h.t, { endpointOwners: [] });
    const em = h.t.core.orm.em.fork();
    const insert = (atMs: number, ruleState: AlertState) =>
      runStatement(
        em,
        `insert into alert_events (id, rule_id, kind, state, rule_state, created_at) values (?, ?, 'fired', ?, ?, ?)`,
        [randomUUID(), ruleId, ruleState, ruleState, new Date(atMs)],
      );
    const base = Date.UTC(2026, 10, 2);
    await insert(base, 'critical');
    for (let i = 1; i <= 5; i++) await insert(base + i * 3600_000, 'critical');
    const periods = () =>
      queryRows<{ n: number }>(
        em,
        'select count(*)::int as n from alert_rule_state_periods where rule_id = ? and period_seconds = 60',
        [ruleId],
      );
    expect(await periods()).toEqual([{ n: 1 }]);
    // A change stored before the repeats makes the first repeat after it a change too.
    await insert(base + 1800_000, 'resolved');
    expect(await periods()).toEqual([{ n: 3 }]);
  });
});
