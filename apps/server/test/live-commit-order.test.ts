import { randomUUID } from 'node:crypto';
import type { Actor, LiveEvent } from '@oncall/core';
import { User } from '@oncall/core/persistence';
import type { TestCore } from '@oncall/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedRule } from './support/seed-rule';
import { createServerTestCore } from './support/test-app';

const WAIT = { timeout: 10_000, interval: 25 };

/**
 * The live feed's cursor against transactions that commit out of order: a row whose transaction
 * started first but commits last must still be sent, after nothing and before nothing it should
 * not be. Needs concurrent sessions, so PostgreSQL only (PGlite is one session).
 */
describe('live events in commit order', () => {
  let t: TestCore;
  let admin: Actor;

  beforeAll(async () => {
    t = await createServerTestCore();
    const adminId = (await t.core.orm.em.fork().findOneOrFail(User, { isSystemAdmin: true })).id;
    admin = { userId: adminId, role: 'owner', sessionId: randomUUID(), isSystemAdmin: true };
  });
  afterAll(() => t.dispose());

  it('holds back rows behind a running transaction, then sends them all in commit order', async (context) => {
    const target = t.database.target;
    if (target.kind !== 'postgres') return context.skip();
    // One rule each: the insert trigger's roll-up locks the rule's row until commit.
    const earlyRule = (await seedRule(t)).ruleId;
    const lateRule = (await seedRule(t)).ruleId;
    const ruleIds = [earlyRule, lateRule];
    const received: LiveEvent[] = [];
    const stop = new AbortController();
    const consuming = (async () => {
      for await (const events of t.core.live.subscribe(admin, { ruleIds }, stop.signal)) {
        received.push(...events);
      }
    })();
    await vi.waitFor(() => expect(t.core.live.subscribers).toBe(1), WAIT);

    const early = new pg.Client({ connectionString: target.url });
    const late = new pg.Client({ connectionString: target.url });
    await early.connect();
    await late.connect();
    const insert = (client: pg.Client, ruleId: string, instance: string) =>
      client.query(
        `insert into alert_events (id, rule_id, kind, state, rule_state, instance, created_at)
         values ($1, $2, 'fired', 'critical', 'critical', $3, now())`,
        [randomUUID(), ruleId, instance],
      );
    try {
      // `early` takes its transaction id first, `late` commits first.
      await early.query('begin');
      await insert(early, earlyRule, 'early');
      await late.query('begin');
      await insert(late, lateRule, 'late');
      await late.query('commit');

      // Several of the feed's reads go by: `late` is committed but stays behind `early`.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(received).toEqual([]);

      await early.query('commit');
      await vi.waitFor(() => expect(received).toHaveLength(2), WAIT);
      const instances: { id: string; instance: string }[] = await t.core.orm.em
        .fork()
        .getConnection()
        .execute('select id, instance from alert_events where rule_id in (?, ?) order by txid', ruleIds);
      expect(received.map((event) => event.id.slice(-36))).toEqual(instances.map((row) => row.id));
      expect(instances.map((row) => row.instance)).toEqual(['early', 'late']);
    } finally {
      await early.end();
      await late.end();
      stop.abort();
      await consuming;
    }
  });

  it('is not held back by a long transaction of another database on the same server', async (context) => {
    const target = t.database.target;
    if (target.kind !== 'postgres') return context.skip();
    const { ruleId } = await seedRule(t);
    const received: LiveEvent[] = [];
    const stop = new AbortController();
    const consuming = (async () => {
      for await (const events of t.core.live.subscribe(admin, { ruleIds: [ruleId] }, stop.signal)) {
        received.push(...events);
      }
    })();
    await vi.waitFor(() => expect(t.core.live.subscribers).toBe(1), WAIT);

    const elsewhereUrl = new URL(target.url);
    elsewhereUrl.pathname = '/postgres';
    const elsewhere = new pg.Client({ connectionString: elsewhereUrl.toString() });
    await elsewhere.connect();
    try {
      await elsewhere.query('begin');
      await elsewhere.query('select pg_current_xact_id()');
      await t.core.orm.em
        .fork()
        .getConnection()
        .execute(
          `insert into alert_events (id, rule_id, kind, state, rule_state, created_at)
           values (?, ?, 'fired', 'critical', 'critical', now())`,
          [randomUUID(), ruleId],
        );
      await vi.waitFor(() => expect(received).toHaveLength(1), WAIT);
    } finally {
      await elsewhere.query('rollback');
      await elsewhere.end();
      stop.abort();
      await consuming;
    }
  });
});
