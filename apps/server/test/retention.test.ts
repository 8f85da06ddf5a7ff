import { randomUUID } from 'node:crypto';
import { queryRows } from '@oncall/core/persistence';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRule } from './support/seed-rule';
import { createTestApp, type TestApp } from './support/test-app';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

describe('retention', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await createTestApp({
      ingestPerTokenPerMinute: 100_000,
      refreshTokenTtlSeconds: 3_600,
      otpSendWindowSeconds: 600,
      // Small batches, so every kind takes several statements.
      retention: { historyDays: 400, deliveryAttemptDays: 90, expiredGraceSeconds: 60, batchSize: 2 },
    });
  });
  afterAll(() => h.dispose());

  const em = () => h.t.core.orm.em.fork();
  const rows = <T>(sql: string, params: unknown[] = []) => queryRows<T>(em(), sql, params);
  const signal = (route: 'fire-alert' | 'resolve-alert', token: string, instance: string) =>
    h.call('POST', `/api/v1/${route}`, { token, body: { alertname: 'disk', instance } });
  const step = async (route: 'fire-alert' | 'resolve-alert', token: string, instance: string) => {
    expect((await signal(route, token, instance)).statusCode).toBe(200);
    h.t.clock.advance(MINUTE_MS);
  };
  const eventKinds = async (ruleId: string) =>
    (
      await rows<{ kind: string; instance: string }>(
        'select kind, instance from alert_events where rule_id = ? order by created_at, id',
        [ruleId],
      )
    ).map((e) => `${e.kind}:${e.instance}`);

  it('prunes old history but keeps open episodes, referenced openings and the state in force, timeline unchanged', async () => {
    const busy = await seedRule(h.t, { name: 'retention-busy' });
    const quiet = await seedRule(h.t, { name: 'retention-quiet' });
    // busy: `a` fires and resolves twice, `b` fires and never resolves, `c` fires and resolves.
    await step('fire-alert', busy.token, 'a');
    await step('resolve-alert', busy.token, 'a');
    await step('fire-alert', busy.token, 'a');
    await step('resolve-alert', busy.token, 'a');
    await step('fire-alert', busy.token, 'b');
    await step('fire-alert', busy.token, 'c');
    await step('resolve-alert', busy.token, 'c');
    // quiet: `x` fires and resolves twice; its rule has been resolved since.
    await step('fire-alert', quiet.token, 'x');
    await step('resolve-alert', quiet.token, 'x');
    await step('fire-alert', quiet.token, 'x');
    await step('resolve-alert', quiet.token, 'x');

    // 401 days on, both rules see new activity.
    h.t.clock.advance(401 * DAY_MS);
    await step('fire-alert', busy.token, 'd');
    await step('resolve-alert', busy.token, 'd');
    await step('fire-alert', quiet.token, 'y');
    await step('resolve-alert', quiet.token, 'y');
    h.t.clock.advance(10 * MINUTE_MS);

    const now = Math.floor(h.t.clock.now().getTime() / 1000);
    const cutoff = h.t.clock.now().getTime() - 400 * DAY_MS;
    const ids = `alertRuleIds=${busy.ruleId},${quiet.ruleId}`;
    const admin = await h.adminToken();
    const timeline = async (from: number, to: number, count: number) =>
      (
        await h.call(
          'GET',
          `/api/v1/alert-rule/status?${ids}&fromTime=${from}&toTime=${to}&bucketCount=${count}`,
          {
            token: admin,
          },
        )
      ).json();
    // From the cutoff on, through the roll-up (day-wide buckets) and through the history (short ones).
    const windows: Array<[number, number, number]> = [
      [Math.ceil(cutoff / 1000), now, 100],
      [now - 30 * 60, now, 60],
    ];
    const before = await Promise.all(windows.map((w) => timeline(...w)));
    // busy is critical throughout (`b`), quiet resolved apart from `y`.
    expect(before.map((answer) => answer.map((rule: { name: string }) => rule.name))).toEqual([
      ['retention-busy', 'retention-quiet'],
      ['retention-busy', 'retention-quiet'],
    ]);
    expect(JSON.stringify(before[0])).toContain('resolved');
    const periodsAfterCutoff = await rows<{ n: number }>(
      `select count(*)::int as n from alert_rule_state_periods
        where rule_id in (?, ?) and period_start + make_interval(secs => period_seconds) > ?`,
      [busy.ruleId, quiet.ruleId, new Date(cutoff)],
    );

    const episodeInstances = async () =>
      (
        await rows<{ instance: string }>(
          'select instance from alert_episodes where rule_id in (?, ?) order by fired_at',
          [busy.ruleId, quiet.ruleId],
        )
      ).map((e) => e.instance);
    expect(await episodeInstances()).toEqual(['a', 'a', 'b', 'c', 'x', 'x', 'd', 'y']);

    const report = await h.t.core.retention.prune();

    // busy: the closed episodes of `a` go but for the opening `a` still names; the open episode
    // of `b`, the opening `c` names and the last change before the cutoff stay.
    expect(await eventKinds(busy.ruleId)).toEqual([
      'fired:a',
      'fired:b',
      'fired:c',
      'resolved:c',
      'fired:d',
      'resolved:d',
    ]);
    // quiet: its last change before the cutoff (resolved) tells the state in force there.
    expect(await eventKinds(quiet.ruleId)).toEqual(['fired:x', 'resolved:x', 'fired:y', 'resolved:y']);
    expect(report.alertEvents).toBe(5);
    // The reports' episode rows go with the history they sum up: every episode fired before the
    // cutoff but the one still open (`b`), whose resolve is still to come.
    expect(await episodeInstances()).toEqual(['b', 'd', 'y']);
    expect(report.episodes).toBe(5);
    expect(await Promise.all(windows.map((w) => timeline(...w)))).toEqual(before);
    // The roll-up keeps only periods that reach past the cutoff.
    const periods = await rows<{ old: number; recent: number }>(
      `select count(*) filter (where period_start + make_interval(secs => period_seconds) <= ?)::int as old,
              count(*) filter (where period_start + make_interval(secs => period_seconds) > ?)::int as recent
         from alert_rule_state_periods where rule_id in (?, ?)`,
      [new Date(cutoff), new Date(cutoff), busy.ruleId, quiet.ruleId],
    );
    expect(periods).toEqual([{ old: 0, recent: periodsAfterCutoff[0]?.n }]);
    expect(report.statePeriods).toBeGreaterThan(0);

    // A new change after pruning is rolled up against the kept history.
    await step('fire-alert', quiet.token, 'z');
    const later = await timeline(now, Math.floor(h.t.clock.now().getTime() / 1000) + 60, 2);
    expect(JSON.stringify(later)).toContain('critical');
  });

  it('prunes delivery attempts after their retention', async () => {
    const now = h.t.clock.now().getTime();
    const insert = (ageDays: number) =>
      em()
        .getConnection()
        .execute(
          `insert into delivery_attempts (id, notification_kind, provider_config_id, attempt, idempotency_key, outcome, created_at)
           values (?, 'alert', 'cfg', 1, ?, 'delivered', ?)`,
          [randomUUID(), randomUUID(), new Date(now - ageDays * DAY_MS)],
          'run',
        );
    for (const age of [200, 120, 91, 89, 1]) await insert(age);
    const report = await h.t.core.retention.prune();
    expect(report.deliveryAttempts).toBe(3);
    const left = await rows<{ age: number }>(
      'select round(extract(epoch from (?::timestamptz - created_at)) / 86400)::int as age from delivery_attempts order by age',
      [new Date(now)],
    );
    expect(left.map((r) => r.age)).toEqual([1, 89]);
  });

  it('prunes shift-change notices with the delivery attempts', async () => {
    const now = h.t.clock.now().getTime();
    for (const age of [120, 91, 1]) {
      await em()
        .getConnection()
        .execute(
          `insert into notices (id, key, endpoint_id, title, body, created_at) values (?, ?, 'ep', 'On call', 'Ana', ?)`,
          [randomUUID(), `shift:test:${age}`, new Date(now - age * DAY_MS)],
          'run',
        );
    }
    const report = await h.t.core.retention.prune();
    expect(report.notices).toBe(2);
    expect(await rows<{ key: string }>('select key from notices')).toEqual([{ key: 'shift:test:1' }]);
  });

  it('prunes round-robin picks with the delivery attempts', async () => {
    const now = h.t.clock.now().getTime();
    const userId = await h.t.createUser('picked', 'member');
    for (const age of [120, 91, 1]) {
      await em()
        .getConnection()
        .execute(
          'insert into round_robin_picks (step_key, alert_event_id, user_id, created_at) values (?, ?, ?, ?)',
          [`flow:${age}`, randomUUID(), userId, new Date(now - age * DAY_MS)],
          'run',
        );
    }
    const report = await h.t.core.retention.prune();
    expect(report.roundRobinPicks).toBe(2);
    expect(await rows<{ step_key: string }>('select step_key from round_robin_picks')).toEqual([
      { step_key: 'flow:1' },
    ]);
  });

  it('prunes sessions, refresh tokens and OTP codes a grace period after they expire', async () => {
    const userId = await h.t.createUser('retained', 'member');
    const expiring = await h.login('retained', 'retained-password');
    expect(
      (await h.call('POST', '/api/v1/auth/refresh', { body: { refreshToken: expiring.refreshToken } }))
        .statusCode,
    ).toBe(200);
    const loggedOut = await h.login('retained', 'retained-password');
    expect((await h.call('POST', '/api/v1/auth/logout', { token: loggedOut.accessToken })).statusCode).toBe(
      200,
    );
    const sessionsOf = async () =>
      (
        await rows<{ n: number }>('select count(*)::int as n from auth_sessions where user_id = ?', [userId])
      )[0]?.n;
    const tokensOf = async () =>
      (
        await rows<{ n: number }>(
          'select count(*)::int as n from refresh_tokens t join auth_sessions s on s.id = t.session_id where s.user_id = ?',
          [userId],
        )
      )[0]?.n;
    expect(await sessionsOf()).toBe(2);
    expect(await tokensOf()).toBe(3);

    // The revoked session goes a grace period after its logout; the other lives on.
    h.t.clock.advance(61_000);
    await h.t.core.retention.prune();
    expect(await sessionsOf()).toBe(1);
    expect(await tokensOf()).toBe(2);

    // Expired, then past the grace: gone with its spent and current refresh tokens. A fresh one stays.
    h.t.clock.advance(3_600_000);
    const fresh = await h.login('retained', 'retained-password');
    await h.t.core.retention.prune();
    expect(await sessionsOf()).toBe(1);
    expect(await tokensOf()).toBe(1);
    expect((await h.call('POST', '/api/v1/auth/me', { token: fresh.accessToken })).statusCode).toBe(200);

    // OTP codes are kept for the OTP throttling window (600 s) at least, as it counts them.
    const now = h.t.clock.now().getTime();
    for (const expiredAgo of [3_600, 700, 300, -240]) {
      await em()
        .getConnection()
        .execute(
          `insert into otp_codes (id, user_id, channel, destination, code_hash, sealed_code, expires_at, created_at)
           values (?, ?, 'sms', ?, 'h', 's', ?, ?)`,
          [
            randomUUID(),
            userId,
            `+1555000${expiredAgo}`,
            new Date(now - expiredAgo * 1000),
            new Date(now - expiredAgo * 1000 - 300_000),
          ],
          'run',
        );
    }
    const report = await h.t.core.retention.prune();
    expect(report.otpCodes).toBe(2);
    const left = await rows<{ destination: string }>(
      'select destination from otp_codes where user_id = ? order by expires_at',
      [userId],
    );
    expect(left.map((r) => r.destination)).toEqual(['+1555000300', '+1555000-240']);
  });

  it('runs once per interval across replicas', async () => {
    const [a, b] = await Promise.all([h.t.core.retention.runIfDue(), h.t.core.retention.runIfDue()]);
    expect([a, b].filter((report) => report !== null)).toHaveLength(1);
    expect(await h.t.core.retention.runIfDue()).toBeNull();
    h.t.clock.advance(3_600_000);
    expect(await h.t.core.retention.runIfDue()).not.toBeNull();
  });
});
