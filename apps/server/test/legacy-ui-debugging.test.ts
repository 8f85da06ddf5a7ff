import { randomUUID } from 'node:crypto';
import type { AlertState } from '@oncall/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRule } from './support/seed-rule';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The Debugging page of the original web UI (skylogsio/skylogs,
 * `apps/frontend/src/features/Debugging/debugging.api.ts` and `debugging.type.ts`): it lists rules
 * with `GET alert-rule/all` (`AlertRuleOption {id, name, type}`), asks `alert-rule/status` with
 * `fromTime`/`toTime` from `Date.getTime()` (milliseconds), and draws `segment.count` dots per
 * segment with `segment.summary` (`components/DebuggingBar.tsx`), formatting times as milliseconds.
 */
describe('status timeline from the legacy Debugging page', () => {
  let h: TestApp;
  let token: string;
  const baseMs = Date.UTC(2026, 10, 3);
  const base = baseMs / 1000;

  beforeAll(async () => {
    h = await createTestApp();
    token = await h.adminToken();
  });
  afterAll(() => h.dispose());

  const insert = (ruleId: string, at: number, state: AlertState, description: string | null) =>
    h.t.core.orm.em
      .fork()
      .getConnection()
      .execute(
        `insert into alert_events (id, rule_id, kind, state, rule_state, description, created_at)
         values (?, ?, 'fired', ?, ?, ?, ?)`,
        [randomUUID(), ruleId, state, state, description, new Date(at * 1000)],
        'run',
      );

  it('lists every rule the caller sees on alert-rule/all as {id, name, type}', async () => {
    const { ruleId } = await seedRule(h.t, { name: 'debugging-all', type: 'notification' });
    const response = await h.call('GET', '/api/v1/alert-rule/all', { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toContainEqual({ id: ruleId, name: 'debugging-all', type: 'notification' });
    const stranger = await h.userWithToken('debugging-stranger', 'member');
    const theirs = await h.call('GET', '/api/v1/alert-rule/all', { token: stranger.token });
    expect(theirs.json()).toEqual([]);
  });

  it('takes milliseconds and answers them, each segment with its count and summary', async () => {
    const { ruleId } = await seedRule(h.t, { name: 'debugging-ms' });
    await insert(ruleId, base + 10, 'critical', 'disk full');
    const response = await h.call(
      'GET',
      `/api/v1/alert-rule/status?alertRuleIds=${ruleId}&fromTime=${baseMs}&toTime=${baseMs + 300_000}&bucketCount=3`,
      { token },
    );
    expect(response.statusCode, response.body).toBe(200);
    const [rule] = response.json();
    expect(rule).toMatchObject({ alertRuleId: ruleId, name: 'debugging-ms', bucketSeconds: 100 });
    expect(rule.segments).toHaveLength(3);
    expect(rule.segments[0]).toMatchObject({
      status: 'critical',
      fromTime: baseMs,
      toTime: baseMs + 100_000,
      count: 1,
      summary: 'disk full',
    });
    expect(rule.segments[0].events[0]).toMatchObject({ fromTime: baseMs + 10_000, summary: 'disk full' });
    expect(rule.segments[2].toTime).toBe(baseMs + 300_000);
    expect(rule.segments.reduce((sum: number, s: { count: number }) => sum + s.count, 0)).toBe(3);
  });

  it('keeps answering seconds in the design guide shape to seconds', async () => {
    const { ruleId } = await seedRule(h.t);
    const response = await h.call(
      'GET',
      `/api/v1/alert-rule/status?alertRuleIds=${ruleId}&fromTime=${base}&toTime=${base + 300}&bucketCount=3`,
      { token },
    );
    expect(response.json()[0].segments[0]).toEqual({
      status: 'unknown',
      fromTime: base,
      toTime: base + 100,
      changesCount: 0,
      events: [],
    });
  });
});
