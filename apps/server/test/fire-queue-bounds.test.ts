import type { MikroORM } from '@mikro-orm/postgresql';
import { DomainError } from '@oncall/core';
import { AlertInstance } from '@oncall/core/persistence';
import { FireBatcher } from '@oncall/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { criticalFire } from './support/critical-fire';
import { holdEveryConnection } from './support/hold-every-connection';
import { seedRule } from './support/seed-rule';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The shared fire statement's queue is bounded in length and in time: while the database cannot take
 * the statement (here every connection is held), a fire beyond the bound is refused at once and a
 * waiting fire is refused on its deadline, both as `unavailable` and with nothing of them written;
 * the fire already in the statement is answered with what the database did.
 */
describe('fire queue bounds', () => {
  let h: TestApp;

  beforeAll(async () => {
    h = await createTestApp({ ingestPerTokenPerMinute: 100_000 });
  });
  afterAll(() => h.dispose());

  it('refuses fires beyond its length at once and waiting fires on their deadline, writing none of them', async () => {
    const { ruleId, token } = await seedRule(h.t, { endpointOwners: [] });
    // A rule not yet critical must get worse, which only the full path does: it is fired once first.
    const first = await h.call('POST', '/api/v1/fire-alert', {
      token,
      body: { alertname: 'q', instance: 'first' },
    });
    expect(first.json()).toEqual({ status: true, message: 'Activated' });
    const fire = (instance: string) => criticalFire(h.t.clock, ruleId, 'q', instance);
    const batcher = new FireBatcher(h.t.core.orm.em, {
      maxInFlight: 1,
      maxBatch: 64,
      maxWaiting: 2,
      maxWaitMs: 200,
    });
    const held = await holdEveryConnection(h.t.core.orm as MikroORM, h.t.database.db.kind);

    // The first takes the statement slot and waits for a connection; two wait for the slot; the
    // fourth finds the queue full.
    const inFlight = batcher.apply(fire('in-flight'));
    const waiting = [batcher.apply(fire('waiting-1')), batcher.apply(fire('waiting-2'))];
    const refused = await batcher.apply(fire('refused')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'unavailable', retryAfterSeconds: expect.any(Number) });

    for (const expired of await Promise.allSettled(waiting)) {
      expect(expired.status).toBe('rejected');
      expect(expired.status === 'rejected' && expired.reason).toMatchObject({ code: 'unavailable' });
    }

    held.release();
    await held.done;
    expect(await inFlight).toEqual({ type: 'opened', eventId: expect.any(String) });
    const stored = await h.t.core.orm.em.fork().find(AlertInstance, { rule: ruleId });
    expect(stored.map((i) => i.instance).sort()).toEqual(['first', 'in-flight']);
  });
});
