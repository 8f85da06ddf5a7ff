import type { PreparedStatements } from '@oncall/core';
import { AlertEvent, AlertInstance, queryRows } from '@oncall/core/persistence';
import { FireBatcher } from '@oncall/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { criticalFire } from './support/critical-fire';
import { deferred } from './support/deferred';
import { seedRule } from './support/seed-rule';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Concurrent one-statement fires are committed together (`FireBatcher`). Which fires shared a
 * statement is read back from PostgreSQL itself: rows written by one transaction share its `xmin`.
 */
describe('fire batching', () => {
  let h: TestApp;

  beforeAll(async () => {
    h = await createTestApp({ ingestPerTokenPerMinute: 100_000 });
  });
  afterAll(() => h.dispose());

  const fire = (token: string, instance: string, description?: string) =>
    h.call('POST', '/api/v1/fire-alert', { token, body: { alertname: 'batch', instance, description } });
  const transactionsOf = async (ruleId: string) =>
    (
      await queryRows<{ n: number | string }>(
        h.t.core.orm.em,
        'select count(distinct xmin::text) as n from alert_instances where rule_id = ?',
        [ruleId],
      )
    ).map((r) => Number(r.n))[0];

  /** A rule not yet critical must get worse, which only the full path does: it is fired once first. */
  const criticalRule = async () => {
    const rule = await seedRule(h.t, { endpointOwners: [] });
    expect((await fire(rule.token, 'first')).json()).toEqual({ status: true, message: 'Activated' });
    return rule;
  };

  it('answers each of many concurrent fires its own outcome, with one episode per instance', async () => {
    const { ruleId, token } = await criticalRule();
    // 40 instances, each fired three times at once: 120 requests in flight together.
    const instances = Array.from({ length: 40 }, (_, i) => `node-${i}`);
    const requests = instances.flatMap((instance) => [0, 1, 2].map((n) => ({ instance, n })));
    const answers = await Promise.all(
      requests.map(async ({ instance, n }) => {
        const response = await fire(token, instance, `try ${n}`);
        expect(response.statusCode).toBe(200);
        return { instance, message: response.json().message as string };
      }),
    );

    for (const instance of instances) {
      const messages = answers.filter((a) => a.instance === instance).map((a) => a.message);
      expect(messages.filter((m) => m === 'Activated')).toHaveLength(1);
      expect(messages.filter((m) => m === 'Already Active')).toHaveLength(2);
    }
    const em = h.t.core.orm.em.fork();
    const stored = await em.find(AlertInstance, { rule: ruleId });
    expect(stored.map((i) => i.instance).sort()).toEqual(['first', ...instances].sort());
    expect(stored.every((i) => i.state === 'critical')).toBe(true);
    const history = await em.find(AlertEvent, { rule: ruleId });
    expect(history).toHaveLength(instances.length + 1);
    for (const instance of stored)
      expect(history.filter((e) => e.episodeId === instance.episodeId).map((e) => e.kind)).toEqual(['fired']);
  });

  it('applies fires of one instance in a batch in the order they arrived', async () => {
    const { ruleId } = await criticalRule();
    const batcher = new FireBatcher(h.t.core.orm.em, { maxInFlight: 1, maxBatch: 64 });
    const fire = (instance: string, description: string) =>
      criticalFire(h.t.clock, ruleId, 'order', instance, description);
    const fires = [
      fire('holder', 'occupies the statement slot'),
      fire('x', 'first'),
      fire('y', 'only'),
      fire('x', 'second'),
      fire('x', 'third'),
    ];
    // Sent in one tick: the first goes alone, the other four wait and go as one batch.
    const outcomes = await Promise.all(fires.map((f) => batcher.apply(f)));

    expect(outcomes.map((o) => o?.type)).toEqual(['opened', 'opened', 'opened', 'repeated', 'repeated']);
    const em = h.t.core.orm.em.fork();
    const x = await em.findOneOrFail(AlertInstance, { rule: ruleId, instance: 'x' });
    expect(x.description).toBe('third');
    expect(x.id).toBe(fires[1]?.instanceId);
    // The first fire, the slot holder, and the batch.
    expect(await transactionsOf(ruleId)).toBe(3);
  });

  it('sends its batches as one prepared statement whatever the fires, on PostgreSQL', async (ctx) => {
    const prepared = h.t.database.db.prepared;
    // PGlite has no prepared statements of its own: the statement goes as text there.
    if (!prepared) ctx.skip();
    const sent: string[] = [];
    const recording: PreparedStatements = {
      rows: (text, values) => {
        sent.push(text);
        return prepared?.rows(text, values) ?? Promise.reject(new Error('no prepared statements'));
      },
    };
    const { ruleId } = await criticalRule();
    const batcher = new FireBatcher(h.t.core.orm.em, { maxInFlight: 1, maxBatch: 64 }, undefined, recording);
    const fires = ['holder', 'p', 'q', 'p'].map((instance) =>
      criticalFire(h.t.clock, ruleId, 'prep', instance),
    );

    const outcomes = await Promise.all(fires.map((f) => batcher.apply(f)));

    expect(outcomes.map((o) => o?.type)).toEqual(['opened', 'opened', 'opened', 'repeated']);
    // The slot holder alone, then the other three together: the same text, the fires its parameters.
    expect(sent).toHaveLength(2);
    expect(new Set(sent).size).toBe(1);
    expect(sent[0]).toContain('apply_fires_in_one_statement($1::jsonb, $2)');
    expect(await transactionsOf(ruleId)).toBe(3);
  });

  it('applies each fire of a failed batch on its own, so only the failing fire fails', async () => {
    const { ruleId } = await criticalRule();
    const batcher = new FireBatcher(h.t.core.orm.em, { maxInFlight: 1, maxBatch: 64 });
    const make = (instance: string) => criticalFire(h.t.clock, ruleId, 'fail', instance);
    const holder = make('holder');
    const [a, b, c] = [make('a'), make('b'), make('c')];
    // A new instance under the id of one already stored: its insert fails, and with it the batch.
    const clash = { ...make('clash'), instanceId: holder.instanceId };

    const settled = await Promise.allSettled([holder, a, clash, b, c].map((f) => batcher.apply(f)));

    expect(settled.map((s) => s.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    const stored = await h.t.core.orm.em.fork().find(AlertInstance, { rule: ruleId });
    expect(stored.map((i) => i.instance).sort()).toEqual(['a', 'b', 'c', 'first', 'holder']);
    expect(await h.t.core.orm.em.fork().count(AlertEvent, { rule: ruleId })).toBe(5);
  });

  it('lets other fires through while one waits on a lock', async (ctx) => {
    // PGlite is one connection: nothing can hold a lock beside the batch there.
    if (h.t.database.target.kind !== 'postgres') ctx.skip();
    const { ruleId, token } = await criticalRule();
    expect((await fire(token, 'locked')).json()).toEqual({ status: true, message: 'Activated' });
    h.t.clock.advance(2_000); // past the repeat-write interval: a repeat must update, so lock, the row

    const lockHeld = deferred();
    const release = deferred();
    const holder = h.t.core.orm.em.fork().transactional(async (tx) => {
      await queryRows(tx, 'select id from alert_instances where rule_id = ? and instance = ? for update', [
        ruleId,
        'locked',
      ]);
      lockHeld.resolve();
      await release.promise;
    });
    await lockHeld.promise;
    let blockedAnswered = false;
    const blocked = fire(token, 'locked').then((response) => {
      blockedAnswered = true;
      return response;
    });
    try {
      // Sent while the blocked fire's batch waits on the lock: they must not wait for it.
      const others = await Promise.all(['a', 'b', 'c'].map((instance) => fire(token, instance)));
      expect(others.map((r) => r.json().message)).toEqual(['Activated', 'Activated', 'Activated']);
      expect(blockedAnswered).toBe(false);
    } finally {
      release.resolve();
      await holder;
    }
    expect((await blocked).json()).toEqual({ status: true, message: 'Already Active' });
    const locked = await h.t.core.orm.em
      .fork()
      .findOneOrFail(AlertInstance, { rule: ruleId, instance: 'locked' });
    expect(locked.lastSeenAt.getTime()).toBe(h.t.clock.now().getTime());
  });
});
