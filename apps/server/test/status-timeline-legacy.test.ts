import { randomUUID } from 'node:crypto';
import type { AlertState } from '@oncall/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRule } from './support/seed-rule';
import { createTestApp, type TestApp } from './support/test-app';

/** The timeline in the shape the legacy web UI and CLI read (design guide, "Status timeline"). */
describe('status timeline in the legacy shape', () => {
  let h: TestApp;
  let token: string;
  const base = Date.UTC(2026, 10, 3) / 1000;

  beforeAll(async () => {
    h = await createTestApp();
    token = await h.adminToken();
  });
  afterAll(() => h.dispose());

  const insert = async (
    ruleId: string,
    at: number,
    ruleState: AlertState,
    fields: { description?: string; alertname?: string; instance?: string; kind?: string } = {},
  ) =>
    h.t.core.orm.em
      .fork()
      .getConnection()
      .execute(
        `insert into alert_events (id, rule_id, kind, state, rule_state, description, alertname, instance, created_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          randomUUID(),
          ruleId,
          fields.kind ?? 'fired',
          ruleState,
          ruleState,
          fields.description ?? null,
          fields.alertname ?? null,
          fields.instance ?? null,
          new Date(at * 1000),
        ],
        'run',
      );
  const timeline = async (query: string) => {
    const response = await h.call('GET', `/api/v1/alert-rule/status?${query}`, { token });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('answers {alertRuleId, name, type, bucketSeconds, segments} with 100 segments by default', async () => {
    const { ruleId } = await seedRule(h.t, { name: 'legacy-shape', type: 'notification' });
    const [rule] = await timeline(`alertRuleIds=${ruleId}&fromTime=${base}&toTime=${base + 86_400}`);
    expect(Object.keys(rule).sort()).toEqual(['alertRuleId', 'bucketSeconds', 'name', 'segments', 'type']);
    expect(rule).toMatchObject({
      alertRuleId: ruleId,
      name: 'legacy-shape',
      type: 'notification',
      bucketSeconds: 864,
    });
    expect(rule.segments).toHaveLength(100);
    expect(rule.segments[0]).toEqual({
      status: 'unknown',
      fromTime: base,
      toTime: base + 864,
      changesCount: 0,
      events: [],
    });
    expect(rule.segments[99].toTime).toBe(base + 86_400);
  });

  it('never makes a segment shorter than 100 s: fewer segments, the last one whole', async () => {
    const { ruleId } = await seedRule(h.t);
    const [rule] = await timeline(
      `alertRuleIds=${ruleId}&fromTime=${base}&toTime=${base + 3601}&bucketCount=100`,
    );
    expect(rule.bucketSeconds).toBe(100);
    expect(rule.segments).toHaveLength(37);
    expect(rule.segments.at(-1)).toMatchObject({ fromTime: base + 3600, toTime: base + 3700 });
    const [short] = await timeline(
      `alertRuleIds=${ruleId}&fromTime=${base}&toTime=${base + 30}&bucketCount=3`,
    );
    expect(short.segments.map((s: { fromTime: number; toTime: number }) => [s.fromTime, s.toTime])).toEqual([
      [base, base + 100],
    ]);
  });

  it('lists each segment’s changes and its events grouped by consecutive status', async () => {
    const { ruleId } = await seedRule(h.t);
    await insert(ruleId, base - 50, 'resolved');
    // Segment [base, base+100): two fires while critical, then a resolve; a test is no event.
    await insert(ruleId, base + 10, 'critical', { alertname: 'cpu', instance: 'db-1' });
    await insert(ruleId, base + 20, 'critical', {
      description: 'disk full',
      alertname: 'disk',
      instance: 'db-2',
    });
    await insert(ruleId, base + 30, 'critical', { kind: 'test', description: 'a test' });
    await insert(ruleId, base + 70, 'resolved', { description: 'x'.repeat(300) });
    // Segment [base+200, base+300): a warning repeated, the state it started in.
    await insert(ruleId, base + 150, 'warning');
    await insert(ruleId, base + 250, 'warning', { description: 'still warm' });
    const [rule] = await timeline(
      `alertRuleIds=${ruleId}&fromTime=${base}&toTime=${base + 300}&bucketCount=3`,
    );
    expect(rule.segments).toEqual([
      {
        status: 'critical',
        fromTime: base,
        toTime: base + 100,
        changesCount: 2,
        events: [
          { status: 'critical', fromTime: base + 10, toTime: base + 20, count: 2, summary: 'disk full' },
          { status: 'resolved', fromTime: base + 70, toTime: base + 70, count: 1, summary: 'x'.repeat(200) },
        ],
      },
      {
        status: 'warning',
        fromTime: base + 100,
        toTime: base + 200,
        changesCount: 1,
        events: [{ status: 'warning', fromTime: base + 150, toTime: base + 150, count: 1, summary: null }],
      },
      {
        status: 'warning',
        fromTime: base + 200,
        toTime: base + 300,
        changesCount: 0,
        events: [
          { status: 'warning', fromTime: base + 250, toTime: base + 250, count: 1, summary: 'still warm' },
        ],
      },
    ]);
    // Without a description, a summary is the alert name and instance.
    const named = await seedRule(h.t);
    await insert(named.ruleId, base + 10, 'critical', { alertname: 'cpu', instance: 'db-1' });
    const [first] = await timeline(`alertRuleIds=${named.ruleId}&fromTime=${base}&toTime=${base + 100}`);
    expect(first.segments[0].events).toEqual([
      { status: 'critical', fromTime: base + 10, toTime: base + 10, count: 1, summary: 'cpu db-1' },
    ]);
  });

  it('keeps the newest 10 runs of a segment and counts every change', async () => {
    const { ruleId } = await seedRule(h.t);
    const states: AlertState[] = ['critical', 'resolved'];
    for (let i = 0; i < 30; i++) await insert(ruleId, base + i, states[i % 2] ?? 'critical');
    const [rule] = await timeline(`alertRuleIds=${ruleId}&fromTime=${base}&toTime=${base + 100}`);
    expect(rule.segments[0].status).toBe('critical');
    expect(rule.segments[0].changesCount).toBe(30);
    expect(rule.segments[0].events).toHaveLength(10);
    expect(rule.segments[0].events[0]).toMatchObject({ status: 'critical', fromTime: base + 20 });
    expect(rule.segments[0].events[9]).toMatchObject({ status: 'resolved', fromTime: base + 29 });
  });

  it('itemizes a bounded share of the newest history per rule; older segments keep their status', async () => {
    // 2,000 events shared by 200 rules: 10 each. The rule flaps 30 times, one change per segment.
    const many = await Promise.all(Array.from({ length: 199 }, () => seedRule(h.t, { endpointOwners: [] })));
    const { ruleId } = await seedRule(h.t, { endpointOwners: [] });
    for (let i = 0; i < 30; i++)
      await insert(ruleId, base + i * 100 + 50, i % 2 === 0 ? 'critical' : 'resolved');
    const ids = [ruleId, ...many.map((r) => r.ruleId)].join(',');
    const answer = await timeline(
      `alertRuleIds=${ids}&fromTime=${base}&toTime=${base + 3000}&bucketCount=30`,
    );
    const rule = answer.find((r: { alertRuleId: string }) => r.alertRuleId === ruleId);
    // Each segment after the first starts in the state the one before it ended in: critical in force
    // or reached inside, every one of them.
    expect(rule.segments.map((s: { status: string }) => s.status)).toEqual(Array(30).fill('critical'));
    // The newest 10 events are itemized; the oldest of them follows an event not read, so only 9
    // are known to be changes.
    expect(rule.segments.map((s: { changesCount: number }) => s.changesCount)).toEqual([
      ...Array(20).fill(0),
      0,
      ...Array(9).fill(1),
    ]);
    expect(rule.segments.map((s: { events: unknown[] }) => s.events.length)).toEqual([
      ...Array(20).fill(0),
      ...Array(10).fill(1),
    ]);
  });
});
