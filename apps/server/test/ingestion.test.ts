import { AlertEvent, AlertInstance, AlertRule, User } from '@oncall/core/persistence';
import type { RecordingOrchestrator } from '@oncall/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRule } from './support/seed-rule';
import { createTestApp, type TestApp } from './support/test-app';

describe('API ingestion', () => {
  let h: TestApp;
  let recorder: RecordingOrchestrator;

  beforeAll(async () => {
    h = await createTestApp({ ingestPerTokenPerMinute: 100_000 });
    recorder = h.t.core.orchestrator as RecordingOrchestrator;
  });
  afterAll(() => h.dispose());

  const post = (path: string, token: string | undefined, body: unknown) =>
    h.call('POST', `/api/v1/${path}`, { token, body });
  const events = (ruleId: string) =>
    h.t.core.orm.em.fork().find(AlertEvent, { rule: ruleId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  const notifies = (alertEventId: string) =>
    recorder.calls.filter((c) => c.type === 'notify' && c.alertEventId === alertEventId);
  const ruleState = async (ruleId: string) =>
    (await h.t.core.orm.em.fork().findOneOrFail(AlertRule, { id: ruleId })).state;

  it('fires once, dedups repeats, resolves, and opens a new episode on the next fire', async () => {
    const { ruleId, token, endpointIds } = await seedRule(h.t, { endpointOwners: undefined });
    const body = { alertname: 'disk full', instance: 'db-1', description: 'at 97%' };
    expect((await post('fire-alert', token, body)).json()).toEqual({ status: true, message: 'Activated' });
    expect((await post('fire-alert', token, body)).json()).toEqual({
      status: true,
      message: 'Already Active',
    });
    expect(await ruleState(ruleId)).toBe('critical');
    expect((await post('resolve-alert', token, body)).json()).toEqual({ status: true, message: 'Stopped' });
    expect((await post('stop-alert', token, body)).json()).toEqual({
      status: true,
      message: 'Already Stopped',
    });
    expect(await ruleState(ruleId)).toBe('resolved');
    expect((await post('fire-alert', token, body)).json()).toEqual({ status: true, message: 'Activated' });

    const history = await events(ruleId);
    expect(history.map((e) => [e.kind, e.state, e.ruleState])).toEqual([
      ['fired', 'critical', 'critical'],
      ['resolved', 'resolved', 'resolved'],
      ['fired', 'critical', 'critical'],
    ]);
    const [first, resolved, second] = history;
    expect(first?.episodeId).toBe(first?.id);
    expect(resolved?.episodeId).toBe(first?.id);
    expect(second?.episodeId).toBe(second?.id);
    for (const event of history)
      expect(notifies(event.id).map((c) => c.type === 'notify' && c.endpointId)).toEqual(endpointIds);
    expect(recorder.calls).toContainEqual({
      type: 'stopEscalations',
      alertEventId: first?.id,
      reason: 'resolved',
    });
  });

  it('answers a resolve for an instance that never fired with status false', async () => {
    const { token } = await seedRule(h.t);
    const response = await post('resolve-alert', token, { alertname: 'x', instance: 'never' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: false, message: 'Alert instance does not exist' });
  });

  // A rule that pages nobody opens its instances by the one-statement path; one that pages, by the
  // transactional one. Both must hold under concurrency.
  const pagingCases = [
    { pages: 'one endpoint', endpointOwners: undefined },
    { pages: 'no endpoint', endpointOwners: [] },
  ];

  it.each(pagingCases)(
    'opens one episode when the same instance fires 200 times at once ($pages)',
    async ({ endpointOwners }) => {
      const { ruleId, token, endpointIds } = await seedRule(h.t, { endpointOwners });
      const answers = await Promise.all(
        Array.from({ length: 200 }, () =>
          post('fire-alert', token, { alertname: 'storm', instance: 'web-1' }),
        ),
      );
      expect(answers.every((a) => a.statusCode === 200)).toBe(true);
      expect(answers.filter((a) => a.json().message === 'Activated')).toHaveLength(1);
      const em = h.t.core.orm.em.fork();
      expect(await em.count(AlertInstance, { rule: ruleId })).toBe(1);
      const history = await events(ruleId);
      expect(history.map((e) => [e.kind, e.ruleState])).toEqual([['fired', 'critical']]);
      expect(notifies(history[0]?.id ?? '')).toHaveLength(endpointIds.length);
      expect(await ruleState(ruleId)).toBe('critical');
    },
  );

  it.each(pagingCases)(
    'opens every instance when many instances of one rule fire at once ($pages)',
    async ({ endpointOwners }) => {
      const { ruleId, token } = await seedRule(h.t, { endpointOwners });
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          post('fire-alert', token, { alertname: 'wave', instance: `host-${i}` }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
      expect(answers.every((a) => a.json().message === 'Activated')).toBe(true);
      expect(await ruleState(ruleId)).toBe('critical');
      const history = await events(ruleId);
      expect(history).toHaveLength(50);
      expect(history.every((e) => e.ruleState === 'critical')).toBe(true);
      expect(history.every((e) => e.kind === 'fired' && e.episodeId === e.id)).toBe(true);
      expect(await h.t.core.orm.em.fork().count(AlertInstance, { rule: ruleId, state: 'critical' })).toBe(50);
    },
  );

  it.each(pagingCases)(
    'keeps the rule at the worst instance while fires and resolves of different instances interleave ($pages)',
    async ({ endpointOwners }) => {
      const { ruleId, token } = await seedRule(h.t, { endpointOwners });
      const alert = (instance: string) => ({ alertname: 'mixed', instance });
      // Every request is answered: racing transactions PostgreSQL breaks a deadlock between are retried.
      const answered = async (requests: Promise<{ statusCode: number }>[]) =>
        expect((await Promise.all(requests)).map((r) => r.statusCode)).toEqual(requests.map(() => 200));
      for (let i = 0; i < 20; i++) await post('fire-alert', token, alert(`old-${i}`));
      await answered([
        ...Array.from({ length: 20 }, (_, i) => post('resolve-alert', token, alert(`old-${i}`))),
        post('fire-alert', token, alert('new')),
      ]);
      expect(await ruleState(ruleId)).toBe('critical');
      await answered([
        post('resolve-alert', token, alert('new')),
        ...Array.from({ length: 10 }, (_, i) => post('fire-alert', token, alert(`old-${i}`))),
      ]);
      expect(await ruleState(ruleId)).toBe('critical');
      await answered(Array.from({ length: 10 }, (_, i) => post('resolve-alert', token, alert(`old-${i}`))));
      expect(await ruleState(ruleId)).toBe('resolved');
    },
  );

  it('keeps instances apart and sets the rule to the worst of them via status-alert', async () => {
    const { ruleId, token } = await seedRule(h.t);
    expect(
      (await post('status-alert', token, { alertname: 'lag', instance: 'a', status: 'warning' })).json(),
    ).toEqual({
      status: true,
      isFire: true,
    });
    expect(await ruleState(ruleId)).toBe('warning');
    await post('status-alert', token, { alertname: 'lag', instance: 'b', status: 'critical' });
    expect(await ruleState(ruleId)).toBe('critical');
    await post('status-alert', token, { alertname: 'lag', instance: 'b', status: 'resolved' });
    expect(await ruleState(ruleId)).toBe('warning');
    const escalate = await post('status-alert', token, {
      alertname: 'lag',
      instance: 'a',
      status: 'critical',
    });
    expect(escalate.json().isFire).toBe(true);
    const deescalate = await post('status-alert', token, {
      alertname: 'lag',
      instance: 'a',
      status: 'warning',
    });
    expect(deescalate.json().isFire).toBe(true);
    const history = await events(ruleId);
    expect(history.map((e) => `${e.instance}:${e.kind}:${e.state}:${e.ruleState}`)).toEqual([
      'a:status:warning:warning',
      'b:status:critical:critical',
      'b:resolved:resolved:warning',
      'a:status:critical:critical',
      'a:status:warning:warning',
    ]);
    // Getting worse pages again; getting better does not.
    expect(notifies(history[3]?.id ?? '')).toHaveLength(1);
    expect(notifies(history[4]?.id ?? '')).toHaveLength(0);
  });

  it('stops the escalations a worsening status started, not only the opening one', async () => {
    const { ruleId, token } = await seedRule(h.t);
    const alert = { alertname: 'lag', instance: 'replica-1' };
    await post('status-alert', token, { ...alert, status: 'warning' });
    await post('status-alert', token, { ...alert, status: 'critical' });
    const [opening, worsened] = await events(ruleId);
    expect(worsened?.kind).toBe('status');
    expect(notifies(worsened?.id ?? '')).not.toHaveLength(0);

    await post('resolve-alert', token, alert);
    const stopped = recorder.calls.flatMap((c) =>
      c.type === 'stopEscalations' && c.reason === 'resolved' ? [c.alertEventId] : [],
    );
    expect(stopped).toEqual(expect.arrayContaining([opening?.id, worsened?.id]));
  });

  it('refreshes a firing instance on a repeat without history or pages', async () => {
    const { ruleId, token } = await seedRule(h.t);
    const alert = { alertname: 'disk', instance: 'db-7' };
    await post('fire-alert', token, { ...alert, description: 'at 91%' });
    const before = await h.t.core.orm.em.fork().findOneOrFail(AlertInstance, { rule: ruleId });
    h.t.clock.advance(60_000);
    const repeat = await post('fire-alert', token, { ...alert, description: 'at 95%' });
    expect(repeat.json()).toEqual({ status: true, message: 'Already Active' });
    const after = await h.t.core.orm.em.fork().findOneOrFail(AlertInstance, { rule: ruleId });
    expect(after.description).toBe('at 95%');
    expect(after.lastSeenAt.getTime()).toBe(before.lastSeenAt.getTime() + 60_000);
    expect(after.episodeId).toBe(before.episodeId);
    expect((await events(ruleId)).map((e) => e.kind)).toEqual(['fired']);

    // Within a second of the last write an identical repeat writes nothing; a new description does.
    h.t.clock.advance(500);
    await post('fire-alert', token, { ...alert, description: 'at 95%' });
    const burst = await h.t.core.orm.em.fork().findOneOrFail(AlertInstance, { rule: ruleId });
    expect(burst.lastSeenAt.getTime()).toBe(after.lastSeenAt.getTime());
    await post('fire-alert', token, { ...alert, description: 'at 99%' });
    const changed = await h.t.core.orm.em.fork().findOneOrFail(AlertInstance, { rule: ruleId });
    expect(changed.description).toBe('at 99%');
    expect(changed.lastSeenAt.getTime()).toBe(after.lastSeenAt.getTime() + 500);
  });

  it('keeps answers, history and state consistent when fires and resolves of one instance race', async () => {
    const { ruleId, token } = await seedRule(h.t);
    const alert = { alertname: 'flap', instance: 'edge-1' };
    const answers: string[] = [];
    for (let round = 0; round < 25; round++) {
      h.t.clock.advance(1_500); // past the repeat-write interval, so repeats write
      const settled = await Promise.all([
        post('fire-alert', token, alert),
        post('resolve-alert', token, alert),
        post('fire-alert', token, alert),
      ]);
      answers.push(...settled.map((r) => r.json().message as string));
    }
    const history = (await events(ruleId)).map((e) => e.kind);
    expect(history.filter((k) => k === 'fired')).toHaveLength(
      answers.filter((a) => a === 'Activated').length,
    );
    expect(history.filter((k) => k === 'resolved')).toHaveLength(
      answers.filter((a) => a === 'Stopped').length,
    );
    // Episodes alternate: never two openings or two resolves in a row.
    history.forEach((kind, i) => {
      if (i > 0) expect(kind).not.toBe(history[i - 1]);
    });
    const instance = await h.t.core.orm.em.fork().findOneOrFail(AlertInstance, { rule: ruleId });
    expect(instance.state).toBe(history.at(-1) === 'fired' ? 'critical' : 'resolved');
  });

  it('refuses a token whose rule was deleted, even while its lookup is still remembered', async () => {
    const { ruleId, token } = await seedRule(h.t);
    expect((await post('fire-alert', token, { alertname: 'x', instance: 'a' })).statusCode).toBe(200);
    await h.t.core.orm.em.fork().nativeDelete(AlertRule, { id: ruleId });
    const afterDelete = await post('fire-alert', token, { alertname: 'x', instance: 'b' });
    expect(afterDelete.statusCode).toBe(401);
    const repeat = await post('fire-alert', token, { alertname: 'x', instance: 'a' });
    expect(repeat.statusCode).toBe(401);
  });

  it('records every notification-alert as its own triggered event and page', async () => {
    const { ruleId, token } = await seedRule(h.t, { type: 'notification' });
    for (let i = 0; i < 3; i++) {
      expect(
        (await post('notification-alert', token, { instance: 'backup', description: `run ${i}` })).json(),
      ).toEqual({
        status: true,
      });
    }
    const history = await events(ruleId);
    expect(history.map((e) => e.kind)).toEqual(['triggered', 'triggered', 'triggered']);
    expect(await ruleState(ruleId)).toBe('triggered');
    for (const event of history) expect(notifies(event.id)).toHaveLength(1);
  });

  it('skips the endpoints of users who silenced the rule', async () => {
    const quiet = await h.t.createUser('quiet-user', 'member');
    const loud = await h.t.createUser('loud-user', 'member');
    const { ruleId, token, endpointIds } = await seedRule(h.t, { endpointOwners: [quiet, loud] });
    const em = h.t.core.orm.em.fork();
    const rule = await em.findOneOrFail(AlertRule, { id: ruleId });
    rule.silencedBy.add(em.getReference(User, quiet));
    await em.flush();
    await post('fire-alert', token, { alertname: 'x', instance: 'y' });
    const [event] = await events(ruleId);
    expect(notifies(event?.id ?? '').map((c) => c.type === 'notify' && c.endpointId)).toEqual([
      endpointIds[1],
    ]);
  });

  it('accepts the token as bearer, X-Api-Token or ?token=, and refuses bad ones with 401', async () => {
    const { token } = await seedRule(h.t);
    const body = { instance: 'tok' };
    expect(
      (await h.call('POST', '/api/v1/fire-alert', { headers: { 'x-api-token': token }, body })).statusCode,
    ).toBe(200);
    expect((await h.call('POST', `/api/v1/fire-alert?token=${token}`, { body })).statusCode).toBe(200);
    expect((await post('fire-alert', 'ak_wrong', body)).statusCode).toBe(401);
    expect((await post('fire-alert', undefined, body)).statusCode).toBe(401);
    expect((await post('fire-alert', undefined, {})).statusCode).toBe(401);
    // A notification rule's token does not fire API alerts, nor the reverse.
    const notification = await seedRule(h.t, { type: 'notification' });
    expect((await post('fire-alert', notification.token, body)).statusCode).toBe(401);
    expect((await post('notification-alert', token, body)).statusCode).toBe(401);
  });

  it('rejects bad bodies with 422 and field paths, storing nothing', async () => {
    const { ruleId, token } = await seedRule(h.t);
    const missing = await post('fire-alert', token, { alertname: 'x' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toHaveProperty('instance');
    const badStatus = await post('status-alert', token, { instance: 'x', status: 'exploding' });
    expect(badStatus.json().errors).toHaveProperty('status');
    expect((await post('fire-alert', token, { instance: 5 })).statusCode).toBe(422);
    expect(await events(ruleId)).toHaveLength(0);
  });
});

describe('API ingestion rate limit', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await createTestApp({ ingestPerTokenPerMinute: 3 });
  });
  afterAll(() => h.dispose());

  it('answers 429 with Retry-After per token once the limit is reached', async () => {
    const { token } = await seedRule(h.t);
    const other = await seedRule(h.t);
    for (let i = 0; i < 3; i++) {
      expect(
        (await h.call('POST', '/api/v1/fire-alert', { token, body: { instance: `i${i}` } })).statusCode,
      ).toBe(200);
    }
    const limited = await h.call('POST', '/api/v1/fire-alert', { token, body: { instance: 'i9' } });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (await h.call('POST', '/api/v1/fire-alert', { token: other.token, body: { instance: 'x' } }))
        .statusCode,
    ).toBe(200);
    h.t.clock.advance(61_000);
    expect((await h.call('POST', '/api/v1/fire-alert', { token, body: { instance: 'i9' } })).statusCode).toBe(
      200,
    );
  });
});
