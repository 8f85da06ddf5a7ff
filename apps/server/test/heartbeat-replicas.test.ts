import { randomBytes } from 'node:crypto';
import { AlertEvent, AlertRule, Endpoint, sealJson, User } from '@oncall/core/persistence';
import { type Database, openDatabase } from '@oncall/db';
import { Heartbeats } from '@oncall/heartbeats';
import type { RecordingOrchestrator } from '@oncall/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerTestCore } from './support/test-app';

const RULES = 60;
const INSTANCES = 3;

/**
 * Two monitors over one database, as two server processes would run (each its own connection
 * pool on PostgreSQL; on PGlite, one process, so the same session): every missed heartbeat fires
 * exactly once, and a monitor started afresh (a restart) takes up what was due.
 */
describe('heartbeat monitors on one database', () => {
  let t: Awaited<ReturnType<typeof createServerTestCore>>;
  let second: Database | undefined;
  let replicaA: Heartbeats;
  let replicaB: Heartbeats;
  const tokens: string[] = [];
  const ruleIds: string[] = [];

  beforeAll(async () => {
    t = await createServerTestCore();
    const { core } = t;
    replicaA = Heartbeats.of(core);
    // On PostgreSQL the second replica has its own pool, as a second process would.
    if (t.database.target.kind === 'postgres') second = await openDatabase(t.database.target, { poolMax: 5 });
    const orm = second?.orm ?? core.orm;
    replicaB = new Heartbeats({
      orm,
      orchestrator: core.orchestrator,
      clock: core.clock,
      secretBox: core.secretBox,
      plugins: core.plugins,
    });
    const em = core.orm.em.fork();
    const admin = await em.findOneOrFail(User, { isSystemAdmin: true });
    const endpoint = em.create(Endpoint, {
      name: 'on-call',
      type: 'teams',
      sealedDestination: sealJson(core.secretBox, { value: 'https://hooks.example.invalid/webhook' }),
      owner: admin,
    });
    for (let i = 0; i < RULES; i++) {
      const token = `ak_${randomBytes(24).toString('base64url')}`;
      const rule = em.create(AlertRule, {
        name: `backup-${i}`,
        type: 'heartbeat',
        owner: admin,
        settings: { scheduleKind: 'interval', periodSeconds: 60, graceSeconds: 10, timeZone: 'UTC' },
        tokenHash: core.secretBox.lookupHash(token),
        sealedToken: core.secretBox.encrypt(token),
      });
      rule.endpoints.set([endpoint]);
      tokens.push(token);
      ruleIds.push(rule.id);
    }
    await em.flush();
  });
  afterAll(async () => {
    await second?.close();
    await t.dispose();
  });

  const ping = (heartbeats: Heartbeats, token: string, instance: string) =>
    heartbeats.ping({ token, kind: 'success', exitStatus: null, instance, runId: null, body: null });
  const fired = async () =>
    (await t.core.orm.em.fork().find(AlertEvent, { rule: { $in: ruleIds }, kind: 'fired' })).map(
      (event) => `${event.rule.id}/${event.instance}`,
    );

  it('fire each missed heartbeat once, whichever replica claims it', async () => {
    for (const token of tokens) {
      for (let i = 0; i < INSTANCES; i++) await ping(i % 2 ? replicaA : replicaB, token, `host-${i}`);
    }
    const pagesBefore = (t.core.orchestrator as RecordingOrchestrator).calls.filter(
      (c) => c.type === 'notify',
    ).length;
    t.clock.advance(71_000);
    // Small batches, both at once, several passes each: they contend for the same due rows.
    const claimed = await Promise.all([
      replicaA.runDue(7),
      replicaB.runDue(7),
      replicaA.runDue(5),
      replicaB.runDue(5),
    ]);
    expect(claimed.reduce((sum, n) => sum + n, 0)).toBe(RULES * INSTANCES);
    const events = await fired();
    expect(events).toHaveLength(RULES * INSTANCES);
    expect(new Set(events).size).toBe(RULES * INSTANCES);
    const pages =
      (t.core.orchestrator as RecordingOrchestrator).calls.filter((c) => c.type === 'notify').length -
      pagesBefore;
    expect(pages).toBe(RULES * INSTANCES);
    // Nothing is left to claim, and nothing fires twice later.
    t.clock.advance(600_000);
    expect(await Promise.all([replicaA.runDue(), replicaB.runDue()])).toEqual([0, 0]);
    expect(await fired()).toHaveLength(RULES * INSTANCES);
  });

  it('a monitor started afresh takes up what was due while none ran', async () => {
    for (const token of tokens.slice(0, 5)) await ping(replicaA, token, 'host-0');
    t.clock.advance(3_600_000);
    // A new process: a new Heartbeats over its own connection; the due rows were all it needed.
    const restarted = Heartbeats.of(t.core);
    const before = (await fired()).length;
    expect(await restarted.runDue()).toBe(5);
    expect((await fired()).length - before).toBe(5);
  });
});
