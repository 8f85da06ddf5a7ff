import { randomBytes } from 'node:crypto';
import { loadPluginRegistry } from '@oncall/built-ins';
import { type Actor, createGroupWindowStore, type GroupWindowStore } from '@oncall/core';
import { AlertRule, Endpoint, queryRows, sealJson, User } from '@oncall/core/persistence';
import { createNotificationRoutes } from '@oncall/core/testing';
import { createTestCore, type TestCore } from '@oncall/testing';
import { decideDispatch, readDispatchFacts } from '@oncall/workflows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JobQueue, openJobQueue } from '../src/boss/job-queue';
import {
  createGroupedDispatch,
  type GroupedDispatch,
  type RoutedDelivery,
} from '../src/driver/grouped-dispatch';
import { LANE_QUEUES, QUEUES } from '../src/driver/queues';
import { DEFAULT_RETRY_POLICIES } from '../src/driver/retry-policies';
import { embeddedGroupSends } from '../src/embedded/embedded-group-sends';

const BOT_TOKEN = '123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11';
const FIVE_MINUTES = 300_000;

/**
 * The real window store, observed: it counts the transactions windows are decided in, can hold a
 * window's next transaction back (so what follows arrives while the window is busy) and can crash a
 * given transaction after its decision, before the commit.
 */
function observedStore(inner: GroupWindowStore) {
  const observed: {
    transactions: number;
    /** The number of the transaction to crash (counted from 1), null for none. */
    crashing: number | null;
    held: Promise<void> | null;
    store: GroupWindowStore;
  } = {
    transactions: 0,
    crashing: null,
    held: null,
    store: {
      eventOf: (id) => inner.eventOf(id),
      flushDue: (now, limit, decide) => inner.flushDue(now, limit, decide),
      change: async (window, decide) => {
        observed.transactions += 1;
        const number = observed.transactions;
        // Held before its transaction begins: on PGlite, one session, an open transaction would
        // hold back every other read too.
        await observed.held;
        return inner.change(window, async (state, tx) => {
          const outcome = await decide(state, tx);
          if (observed.crashing === number) throw new Error('crashed before the commit');
          return outcome;
        });
      },
    },
  };
  return observed;
}

interface GroupJob {
  carried: {
    firing: Array<{ instanceId: string; alertEventId: string | null }>;
    resolved: Array<{ instanceId: string; alertEventId: string | null }>;
  };
}

// Issue #31 item 5: in a storm, everything that arrives while a group window is busy is decided in
// the window's next transaction, together, and sends what deciding it event by event would.
describe('a group window deciding a batch of events', () => {
  let t: TestCore;
  let queue: JobQueue;
  let observed: ReturnType<typeof observedStore>;
  let grouping: GroupedDispatch;
  let admin: Actor;
  let route: (alertEventId: string, endpointId: string) => Promise<RoutedDelivery>;

  beforeAll(async () => {
    t = await createTestCore({ publicUrl: 'https://oncall.example.com/' });
    const plugins = await loadPluginRegistry();
    const routes = createNotificationRoutes(t.core.orm, { plugins });
    route = async (alertEventId, endpointId) => {
      const request = {
        type: 'notify',
        alertEventId,
        endpointId,
        policy: DEFAULT_RETRY_POLICIES.alert,
      } as const;
      const command = decideDispatch(await readDispatchFacts(request, routes));
      if (command.type !== 'deliver') throw new Error(`not a delivery: ${command.type}`);
      return command;
    };
    // Queues only: nobody works these jobs, so the test reads what each decision queued.
    queue = await openJobQueue(t.database.db);
    observed = observedStore(createGroupWindowStore(t.core.orm, { defaultGroupIntervalSeconds: 300 }));
    grouping = createGroupedDispatch({
      groups: observed.store,
      sends: embeddedGroupSends(queue),
      clock: t.clock,
    });
    const adminUser = await t.core.orm.em.fork().findOneOrFail(User, { isSystemAdmin: true });
    admin = { userId: adminUser.id, role: 'owner', sessionId: 'test', isSystemAdmin: true };
  });
  afterAll(async () => {
    await queue.stop();
    await t.dispose();
  });

  async function seedRule(name: string, repeatIntervalSeconds = 0) {
    const em = t.core.orm.em.fork();
    const token = `ak_${randomBytes(32).toString('base64url')}`;
    const rule = em.create(AlertRule, {
      name,
      type: 'api',
      owner: admin.userId,
      settings: {},
      groupIntervalSeconds: null,
      groupBy: [],
      repeatIntervalSeconds,
      tokenHash: t.core.secretBox.lookupHash(token),
      sealedToken: t.core.secretBox.encrypt(token),
    });
    const endpoint = em.create(Endpoint, {
      name: `${name} chat`,
      type: 'telegram',
      destination: { chatId: `-100${randomBytes(4).readUInt32BE()}` },
      sealedDestination: sealJson(t.core.secretBox, { botToken: BOT_TOKEN }),
      owner: admin.userId,
    });
    rule.endpoints.add(endpoint);
    await em.flush();
    return { ruleId: rule.id, endpointId: endpoint.id, token };
  }

  /** Fires (the TestCore only records what it would notify) and answers the events, in order. */
  async function fireAll(token: string, names: readonly string[]): Promise<string[]> {
    for (const instance of names) await t.core.ingestion.fire(token, { alertname: 'disk_full', instance });
    return Promise.all(names.map((name) => eventOf(token, name, 'fired')));
  }

  async function eventOf(token: string, instance: string, kind: string): Promise<string> {
    const [row] = await queryRows<{ id: string }>(
      t.core.orm.em.fork(),
      `select e.id from alert_events e join alert_rules r on r.id = e.rule_id
        where r.token_hash = ? and e.instance = ? and e.kind = ? order by e.created_at desc limit 1`,
      [t.core.secretBox.lookupHash(token), instance, kind],
    );
    if (!row) throw new Error(`no ${kind} event of ${instance}`);
    return row.id;
  }

  const dispatch = async (alertEventId: string, endpointId: string) =>
    grouping.dispatch(alertEventId, endpointId, await route(alertEventId, endpointId));

  /** The instances' own pages queued to the chat lane, and the group messages, by instance name. */
  async function queuedFor(endpointId: string) {
    const names = new Map(
      (
        await queryRows<{ id: string; instance: string }>(
          t.core.orm.em.fork(),
          'select id, instance from alert_events where instance is not null',
          [],
        )
      ).map((row) => [row.id, row.instance]),
    );
    const nameOf = (id: string | null) => (id === null ? '?' : (names.get(id) ?? id));
    const singles = await queryRows<{ event: string }>(
      t.core.orm.em.fork(),
      `select data->'input'->'notification'->>'alertEventId' as event from pgboss.job
        where name = ? and data->'input'->'notification'->>'endpointId' = ? order by created_on, id`,
      [LANE_QUEUES.chat, endpointId],
    );
    const groups = await queryRows<{ data: GroupJob | string }>(
      t.core.orm.em.fork(),
      `select data from pgboss.job where name = ? and data->>'type' = 'group' and data->>'endpointId' = ?
        order by created_on, id`,
      [QUEUES.dispatch, endpointId],
    );
    return {
      singles: singles.map((row) => nameOf(row.event)),
      groups: groups.map((row) => {
        const { carried } = typeof row.data === 'string' ? (JSON.parse(row.data) as GroupJob) : row.data;
        return {
          firing: carried.firing.map((m) => nameOf(m.alertEventId)),
          resolved: carried.resolved.map((m) => nameOf(m.alertEventId)),
        };
      }),
    };
  }

  /** Holds the next window transaction back until the answer is called. */
  function holdNextTransaction(): () => void {
    let release = () => {};
    observed.held = new Promise<void>((resolve) => {
      release = resolve;
    });
    return () => {
      observed.held = null;
      release();
    };
  }

  const names = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}-${i}`);

  it('decides in one transaction what arrived while the window was busy, sending what one by one would', async () => {
    const oneByOne = await seedRule('One by one');
    const batched = await seedRule('Batched');
    const instances = names('db', 12);
    const oneByOneEvents = await fireAll(oneByOne.token, instances);
    const batchedEvents = await fireAll(batched.token, instances);
    await t.core.ingestion.resolve(oneByOne.token, { alertname: 'disk_full', instance: 'db-3' });
    await t.core.ingestion.resolve(batched.token, { alertname: 'disk_full', instance: 'db-3' });
    oneByOneEvents.push(await eventOf(oneByOne.token, 'db-3', 'resolved'));
    batchedEvents.push(await eventOf(batched.token, 'db-3', 'resolved'));

    const before = observed.transactions;
    for (const event of oneByOneEvents) expect(await dispatch(event, oneByOne.endpointId)).toBe(true);
    expect(observed.transactions - before).toBe(oneByOneEvents.length);

    // The first event holds the window; the other twelve arrive meanwhile and are decided together.
    const between = observed.transactions;
    const release = holdNextTransaction();
    const [first, ...rest] = batchedEvents;
    const firstDecided = dispatch(first ?? '', batched.endpointId);
    const restDecided: Array<Promise<boolean>> = [];
    for (const event of rest) {
      restDecided.push(dispatch(event, batched.endpointId));
      // Each one's route and event are read before it joins the window's queue.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    release();
    expect(await Promise.all([firstDecided, ...restDecided])).toEqual(batchedEvents.map(() => true));
    expect(observed.transactions - between).toBe(2);

    t.clock.advance(FIVE_MINUTES);
    expect(await grouping.flushDue()).toBe(2);
    const expected = {
      singles: ['db-0'],
      groups: [{ firing: instances.slice(1), resolved: ['db-3'] }],
    };
    expect(await queuedFor(oneByOne.endpointId)).toEqual(expected);
    expect(await queuedFor(batched.endpointId)).toEqual(expected);
  });

  it('loses nothing and sends nothing twice when the process crashes in the middle of a batch', async () => {
    const { endpointId, token } = await seedRule('Crashed batch');
    const [first, ...rest] = await fireAll(token, names('web', 6));

    // The first event holds the window; the batch after it decides the other five, queues what they
    // send, and dies before its commit.
    observed.crashing = observed.transactions + 2;
    const release = holdNextTransaction();
    const firstDecided = dispatch(first ?? '', endpointId);
    const restDecided: Array<Promise<boolean>> = [];
    for (const event of rest) {
      restDecided.push(dispatch(event, endpointId));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    release();
    expect(await firstDecided).toBe(true);
    const outcomes = await Promise.allSettled(restDecided);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(rest.map(() => 'rejected'));
    observed.crashing = null;
    expect(await queuedFor(endpointId)).toEqual({ singles: ['web-0'], groups: [] });

    // Their jobs are retried, as the queue retries a failed dispatch; an event decided twice (a
    // replay after a commit) is not news.
    for (const event of rest) expect(await dispatch(event, endpointId)).toBe(true);
    expect(await dispatch(rest[2] ?? '', endpointId)).toBe(true);

    t.clock.advance(FIVE_MINUTES);
    expect(await grouping.flushDue()).toBe(1);
    expect(await queuedFor(endpointId)).toEqual({
      singles: ['web-0'],
      groups: [{ firing: names('web', 6).slice(1), resolved: [] }],
    });
  });

  it('takes every instance an acknowledgement names out of its window in one transaction', async () => {
    const { ruleId, endpointId, token } = await seedRule('Acknowledged storm', 1800);
    const events = await fireAll(token, names('ack', 8));
    for (const event of events) await dispatch(event, endpointId);
    expect((await t.core.ruleActions.acknowledge(admin, ruleId)).status).toBe(true);
    const [row] = await queryRows<{ id: string }>(
      t.core.orm.em.fork(),
      `select id from alert_events where rule_id = ? and kind = 'acknowledged'`,
      [ruleId],
    );
    const acknowledged = row?.id ?? '';

    const before = observed.transactions;
    expect(await dispatch(acknowledged, endpointId)).toBe(false);
    expect(observed.transactions - before).toBe(1);
    const [window] = await queryRows<{ state: { unacknowledged: unknown[] } | string }>(
      t.core.orm.em.fork(),
      'select state from notification_groups where endpoint_id = ?',
      [endpointId],
    );
    const state = typeof window?.state === 'string' ? JSON.parse(window.state) : window?.state;
    expect(state?.unacknowledged).toEqual([]);
  });
});
