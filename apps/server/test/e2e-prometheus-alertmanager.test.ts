import { AlertEvent, AlertInstance, AlertRule, DataSource, Endpoint, User } from '@oncall/core/persistence';
import { runPagingToEnd } from '@oncall/engine/testing';
import { alertmanagerFingerprint } from '@oncall/prometheus-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDeliveringTestApp, type DeliveringTestApp } from './support/delivering-test-app';
import { messagesAbout } from './support/delivery-fakes';
import { seedChannelEndpoints } from './support/seed-delivery';

const WAIT = { timeout: 30_000, interval: 50 };
const MINUTE = 60_000;

/**
 * Prometheus and Alertmanager, both ways in, over HTTP through the server app and the embedded
 * engine to a fake SMS provider: Prometheus's own alerting client (`POST …/api/v2/alerts`, alerts
 * re-sent with `endsAt` in the future, resolved by an `endsAt` in the past or by not being re-sent
 * before it), and Alertmanager's webhook receiver (version 4, grouped firing and resolved alerts).
 */
describe('prometheus data sources: Alertmanager API v2 and webhook receivers', () => {
  let h: DeliveringTestApp;
  let adminId: string;

  beforeAll(async () => {
    h = await createDeliveringTestApp({ ingestPerTokenPerMinute: 100_000 });
    adminId = (await h.t.core.orm.em.fork().findOneOrFail(User, { isSystemAdmin: true })).id;
  });
  afterAll(() => h.dispose());

  // Signed in afresh each time: tests move the clock past an access token's lifetime.
  const admin = () => h.adminToken();
  /** A data source created over REST, as an admin would; its read is what to paste. */
  const createSource = async (type: 'prometheus' | 'grafana' | 'pmm', name: string) => {
    const created = await h.call('POST', '/api/v1/data-source', {
      token: await admin(),
      body: { name, type, url: 'http://monitoring.internal:9090' },
    });
    expect(created.statusCode).toBe(201);
    return created.json() as { id: string; webhookToken: string; webhookUrl: string; alertmanager: unknown };
  };
  /** A rule of the type listening to the given data sources (none: every one), paging one SMS endpoint. */
  const seedRule = async (type: string, sourceIds: string[], settings: Record<string, unknown>) => {
    const endpoints = await seedChannelEndpoints(h.t, adminId, h.fakes);
    const em = h.t.core.orm.em.fork();
    const rule = em.create(AlertRule, {
      name: `${type} rule ${Math.random().toString(36).slice(2, 8)}`,
      type,
      owner: em.getReference(User, adminId),
      settings: { queryType: 'dynamic', ...settings },
    });
    for (const id of sourceIds) rule.dataSources.add(em.getReference(DataSource, id));
    rule.endpoints.add(em.getReference(Endpoint, endpoints.sms.id));
    await em.flush();
    return { id: rule.id, name: rule.name, sms: endpoints.sms.destination };
  };
  const instances = async (ruleId: string) =>
    (
      await h.t.core.orm.em.fork().find(AlertInstance, { rule: ruleId }, { orderBy: { instance: 'asc' } })
    ).map((i) => ({ instance: i.instance, state: i.state, fingerprint: i.fingerprint }));
  const eventKinds = async (ruleId: string) =>
    (await h.t.core.orm.em.fork().find(AlertEvent, { rule: ruleId }, { orderBy: { createdAt: 'asc' } })).map(
      (e) => `${e.kind}:${e.instance}`,
    );
  const ruleState = async (ruleId: string) =>
    (await h.t.core.orm.em.fork().findOneOrFail(AlertRule, { id: ruleId })).state;
  const smsAbout = (ruleName: string, headline: 'CRITICAL' | 'WARNING' | 'RESOLVED') =>
    messagesAbout(h.fakes, ruleName, headline).filter((m) => m.kind === 'sms');

  const at = (offsetMs: number) => new Date(h.t.clock.now().getTime() + offsetMs).toISOString();
  /** An alert as Prometheus posts it: `endsAt` four resend intervals ahead while it fires. */
  const postable = (labels: Record<string, string>, endsInMs = 4 * MINUTE, annotations = {}) => ({
    labels,
    annotations: { summary: `${labels.alertname} on ${labels.instance}`, ...annotations },
    startsAt: at(-MINUTE),
    endsAt: at(endsInMs),
    generatorURL: 'http://prometheus.internal:9090/graph?g0.expr=up+%3D%3D+0',
  });
  const postAlerts = (token: string, body: unknown, type = 'prometheus') =>
    h.call('POST', `/api/v1/${type}-alert/${token}/api/v2/alerts`, { body });

  it('shows what to paste into Prometheus and Alertmanager in the data source read', async () => {
    const source = await createSource('prometheus', 'prom paste');
    const token = source.webhookToken;
    expect(source.webhookUrl).toBe(`http://oncall.test/api/v1/prometheus-alert/${token}`);
    expect(source.alertmanager).toEqual({
      alertsUrl: `http://oncall.test/api/v1/prometheus-alert/${token}/api/v2/alerts`,
      scheme: 'http',
      target: 'oncall.test:80',
      pathPrefix: `/api/v1/prometheus-alert/${token}`,
      credentialsPathPrefix: '/api/v1/prometheus-alert',
    });
    const read = await h.call('GET', `/api/v1/data-source/${source.id}`, { token: await admin() });
    expect(read.json().alertmanager).toEqual(source.alertmanager);
    const grafana = await createSource('grafana', 'grafana paste');
    expect(grafana.alertmanager).toMatchObject({
      pathPrefix: `/api/v1/grafana-alert/${grafana.webhookToken}`,
    });
    const sentry = await h.call('POST', '/api/v1/data-source', {
      token: await admin(),
      body: { name: 'sentry paste', type: 'sentry', url: 'https://sentry.example.com' },
    });
    expect(sentry.json()).toMatchObject({ isWebhook: true, alertmanager: null });
  });

  it('pages once for an alert Prometheus re-sends, and resolves it when endsAt is in the past', async () => {
    const source = await createSource('prometheus', 'prom resend');
    const rule = await seedRule('prometheus', [source.id], { dataSourceAlertName: 'HostDown' });
    const labels = { alertname: 'HostDown', instance: 'db-1:9100', job: 'node', severity: 'critical' };

    const first = await postAlerts(source.webhookToken, [postable(labels)]);
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('');
    expect(await instances(rule.id)).toEqual([
      { instance: 'db-1:9100', state: 'critical', fingerprint: alertmanagerFingerprint(labels) },
    ]);
    expect(await ruleState(rule.id)).toBe('critical');
    await vi.waitFor(() => expect(smsAbout(rule.name, 'CRITICAL')).toHaveLength(1), WAIT);

    // Prometheus re-sends every resend_delay (1m) with endsAt moved on.
    for (let resend = 0; resend < 3; resend++) {
      h.t.clock.advance(MINUTE);
      expect((await postAlerts(source.webhookToken, [postable(labels)])).statusCode).toBe(200);
    }
    await runPagingToEnd(h.t.core.orm);
    expect(smsAbout(rule.name, 'CRITICAL')).toHaveLength(1);
    expect(smsAbout(rule.name, 'CRITICAL')[0]?.destination).toBe(rule.sms);
    expect(await eventKinds(rule.id)).toEqual(['fired:db-1:9100']);

    // Resolved: Prometheus sends the alert once more with endsAt in the past.
    expect((await postAlerts(source.webhookToken, [postable(labels, -1000)])).statusCode).toBe(200);
    expect((await instances(rule.id))[0]?.state).toBe('resolved');
    expect(await ruleState(rule.id)).toBe('resolved');
    expect(await eventKinds(rule.id)).toEqual(['fired:db-1:9100', 'resolved:db-1:9100']);
    await vi.waitFor(() => expect(smsAbout(rule.name, 'RESOLVED')).toHaveLength(1), WAIT);
  });

  it('resolves an alert by itself when it is not re-sent before endsAt, across a restart', async () => {
    const source = await createSource('prometheus', 'prom expiry');
    const rule = await seedRule('prometheus', [source.id], { dataSourceAlertName: 'Heartbeat' });
    const gone = { alertname: 'Heartbeat', instance: 'agent-1' };
    const refreshed = { alertname: 'Heartbeat', instance: 'agent-2' };
    await postAlerts(source.webhookToken, [postable(gone), postable(refreshed)]);
    await vi.waitFor(() => expect(smsAbout(rule.name, 'CRITICAL')).toHaveLength(2), WAIT);

    // agent-2 is re-sent before its endsAt, agent-1 is not.
    const firstEndsAt = h.t.clock.now().getTime() + 4 * MINUTE;
    h.t.clock.advance(3 * MINUTE);
    await postAlerts(source.webhookToken, [postable(refreshed)]);
    // A timer that runs late for the first endsAt (a race with the re-send) leaves agent-2 alone.
    await h.core.autoResolver.resolve({
      ruleId: rule.id,
      instance: alertmanagerFingerprint(refreshed),
      description: 'Alert resolved automatically',
      lastFiredAt: firstEndsAt,
    });
    expect((await instances(rule.id)).map((i) => i.state)).toEqual(['critical', 'critical']);
    // The deadline is durable: it outlives the process that armed it.
    await h.restart();
    h.t.clock.advance(2 * MINUTE);
    await h.testEngine.runAutoResolveTimersNow();
    expect((await instances(rule.id)).map((i) => `${i.instance}:${i.state}`)).toEqual([
      'agent-1:resolved',
      'agent-2:critical',
    ]);
    const events = await h.t.core.orm.em.fork().find(AlertEvent, { rule: rule.id, kind: 'auto_resolved' });
    expect(events.map((e) => e.instance)).toEqual(['agent-1']);
    await vi.waitFor(() => expect(smsAbout(rule.name, 'RESOLVED')).toHaveLength(1), WAIT);

    // agent-2's own endsAt (4 minutes after its re-send) passes in turn.
    h.t.clock.advance(3 * MINUTE);
    await h.testEngine.runAutoResolveTimersNow();
    expect((await instances(rule.id)).map((i) => `${i.instance}:${i.state}`)).toEqual([
      'agent-1:resolved',
      'agent-2:resolved',
    ]);
    expect(await ruleState(rule.id)).toBe('resolved');
    await vi.waitFor(() => expect(smsAbout(rule.name, 'RESOLVED')).toHaveLength(2), WAIT);
  });

  it('takes the token as the Authorization credentials Prometheus sends, on a path without it', async () => {
    const source = await createSource('prometheus', 'prom credentials');
    const rule = await seedRule('prometheus', [source.id], { dataSourceAlertName: 'DiskFull' });
    const post = (authorization: string | undefined, instance: string) =>
      h.call('POST', '/api/v1/prometheus-alert/api/v2/alerts', {
        body: [postable({ alertname: 'DiskFull', instance })],
        headers: authorization ? { authorization } : {},
      });
    expect((await post(`Bearer ${source.webhookToken}`, 'db-1')).statusCode).toBe(200);
    const basic = Buffer.from(`prometheus:${source.webhookToken}`).toString('base64');
    expect((await post(`Basic ${basic}`, 'db-2')).statusCode).toBe(200);
    expect((await post('Bearer ds_not-this-one', 'db-3')).statusCode).toBe(401);
    expect((await post(undefined, 'db-4')).statusCode).toBe(401);
    expect((await instances(rule.id)).map((i) => i.instance)).toEqual(['db-1', 'db-2']);
  });

  it('refuses a bad token with 401 whatever the body, and a bad body with 422 at its path', async () => {
    const source = await createSource('prometheus', 'prom refusals');
    const raw = (url: string, payload: string) =>
      h.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });
    for (const payload of ['{not json', '[{"labels":{}}]', JSON.stringify([postable({ alertname: 'A' })])]) {
      expect((await raw('/api/v1/prometheus-alert/ds_wrong/api/v2/alerts', payload)).statusCode).toBe(401);
      expect((await raw('/api/v1/prometheus-alert/ds_wrong', payload)).statusCode).toBe(401);
    }

    const missingName = await postAlerts(source.webhookToken, [
      postable({ alertname: 'Fine', instance: 'a' }),
      { labels: { instance: 'b' } },
    ]);
    expect(missingName.statusCode).toBe(422);
    expect(Object.keys(missingName.json().errors)).toEqual(['body.1.labels.alertname']);
    const badTime = await postAlerts(source.webhookToken, [{ labels: { alertname: 'A' }, endsAt: 'soon' }]);
    expect(badTime.statusCode).toBe(422);
    expect(Object.keys(badTime.json().errors)).toEqual(['body.0.endsAt']);
    const notAList = await postAlerts(source.webhookToken, { alerts: [] });
    expect(notAList.statusCode).toBe(422);
    expect(Object.keys(notAList.json().errors)).toEqual(['body']);
    expect(
      (await raw(`/api/v1/prometheus-alert/${source.webhookToken}/api/v2/alerts`, '{not json')).statusCode,
    ).toBe(422);
    const alertsUrl = `/api/v1/prometheus-alert/${source.webhookToken}/api/v2/alerts`;
    expect((await raw(alertsUrl, '')).statusCode).toBe(422);
    const deep = `${'['.repeat(200)}${']'.repeat(200)}`;
    expect((await raw(alertsUrl, deep)).statusCode).toBe(422);
    const plain = await h.app.inject({
      method: 'POST',
      url: alertsUrl,
      payload: '[]',
      headers: { 'content-type': 'text/plain' },
    });
    expect(plain.statusCode).toBeGreaterThanOrEqual(400);
    expect(plain.statusCode).toBeLessThan(500);
    // A refused body stores nothing.
    expect(
      await h.t.core.orm.em
        .fork()
        .count(AlertInstance, { fingerprint: alertmanagerFingerprint({ alertname: 'Fine', instance: 'a' }) }),
    ).toBe(0);
  });

  it('refuses only the alert with a lone surrogate in a batch Prometheus posts, storing the others, with a 4xx Prometheus does not retry', async () => {
    const source = await createSource('prometheus', 'prom surrogates');
    const rule = await seedRule('prometheus', [source.id], { dataSourceAlertName: 'SurrogateFine' });
    const response = await postAlerts(source.webhookToken, [
      postable({ alertname: 'SurrogateFine', instance: 'a' }),
      postable({ alertname: 'SurrogateBad', instance: 'b', job: '\ud800' }),
      postable({ alertname: 'SurrogateFine', instance: 'c' }),
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      'body.1.labels.job': ['The value may not contain a lone UTF-16 surrogate.'],
    });
    expect((await instances(rule.id)).map((i) => `${i.instance}:${i.state}`)).toEqual([
      'a:critical',
      'c:critical',
    ]);
    await vi.waitFor(() => expect(smsAbout(rule.name, 'CRITICAL')).toHaveLength(2), WAIT);
    const alone = await postAlerts(source.webhookToken, [
      postable({ alertname: 'Surrogate\udc00', instance: 'd' }),
    ]);
    expect(alone.statusCode).toBe(422);
    expect(alone.json().errors).toEqual({
      'body.0.labels.alertname': ['The value may not contain a lone UTF-16 surrogate.'],
    });
    expect(await instances(rule.id)).toHaveLength(2);
  });

  it('applies an Alertmanager webhook (version 4) with firing and resolved alerts grouped, by label fingerprint', async () => {
    const source = await createSource('prometheus', 'alertmanager v4');
    const rule = await seedRule('prometheus', [source.id], { dataSourceAlertName: 'PodCrashLooping' });
    const pod = (name: string) => ({
      alertname: 'PodCrashLooping',
      namespace: 'shop',
      pod: name,
      instance: name,
    });
    const amAlert = (labels: Record<string, string>, status: 'firing' | 'resolved') => ({
      status,
      labels,
      annotations: { summary: `${labels.pod} restarts` },
      startsAt: at(-5 * MINUTE),
      endsAt: status === 'resolved' ? at(-1000) : '0001-01-01T00:00:00Z',
      generatorURL: 'http://prometheus.internal:9090/graph',
      fingerprint: alertmanagerFingerprint(labels),
    });
    const webhook = (alerts: unknown[]) =>
      h.call('POST', `/api/v1/prometheus-alert/${source.webhookToken}`, {
        body: {
          version: '4',
          groupKey: '{}:{alertname="PodCrashLooping"}',
          truncatedAlerts: 0,
          status: 'firing',
          receiver: 'oncall',
          groupLabels: { alertname: 'PodCrashLooping' },
          commonLabels: { alertname: 'PodCrashLooping', namespace: 'shop' },
          commonAnnotations: {},
          externalURL: 'http://alertmanager.internal:9093',
          alerts,
        },
      });

    const firing = await webhook([amAlert(pod('api-1'), 'firing'), amAlert(pod('api-2'), 'firing')]);
    expect(firing.json()).toEqual({ status: true, alerts: 2, matched: 2 });
    await vi.waitFor(() => expect(smsAbout(rule.name, 'CRITICAL')).toHaveLength(2), WAIT);
    const grouped = await webhook([amAlert(pod('api-1'), 'resolved'), amAlert(pod('api-2'), 'firing')]);
    expect(grouped.json()).toEqual({ status: true, alerts: 2, matched: 2 });
    expect(await instances(rule.id)).toEqual([
      { instance: 'api-1', state: 'resolved', fingerprint: alertmanagerFingerprint(pod('api-1')) },
      { instance: 'api-2', state: 'critical', fingerprint: alertmanagerFingerprint(pod('api-2')) },
    ]);
    await vi.waitFor(() => expect(smsAbout(rule.name, 'RESOLVED')).toHaveLength(1), WAIT);

    // The same alert posted by Prometheus directly is the same instance, which now expires at its
    // endsAt: not re-sent, it resolves by itself.
    await postAlerts(source.webhookToken, [postable(pod('api-2'))]);
    expect((await instances(rule.id)).map((i) => `${i.instance}:${i.state}`)).toEqual([
      'api-1:resolved',
      'api-2:critical',
    ]);
    h.t.clock.advance(5 * MINUTE);
    await h.testEngine.runAutoResolveTimersNow();
    expect((await instances(rule.id)).map((i) => `${i.instance}:${i.state}`)).toEqual([
      'api-1:resolved',
      'api-2:resolved',
    ]);
    await vi.waitFor(() => expect(smsAbout(rule.name, 'RESOLVED')).toHaveLength(2), WAIT);
    await runPagingToEnd(h.t.core.orm);
    expect(smsAbout(rule.name, 'CRITICAL')).toHaveLength(2);
    expect(await eventKinds(rule.id)).toEqual([
      'fired:api-1',
      'fired:api-2',
      'resolved:api-1',
      'auto_resolved:api-2',
    ]);
  });

  it('matches rules by data source (none listed: every prometheus one), alert name and label or annotation globs', async () => {
    const east = await createSource('prometheus', 'prom east');
    const west = await createSource('prometheus', 'prom west');
    const everySource = await seedRule('prometheus', [], {
      dataSourceIds: [],
      dataSourceAlertName: 'HighLatency',
    });
    const westOnly = await seedRule('prometheus', [west.id], { dataSourceAlertName: 'HighLatency' });
    const otherName = await seedRule('prometheus', [east.id], { dataSourceAlertName: 'LowLatency' });
    const filtered = await seedRule('prometheus', [east.id], {
      dataSourceAlertName: 'HighLatency',
      extraField: [
        { key: 'service', value: 'checkout-*' },
        { key: 'runbook', value: 'https://runbooks.example.com/*' },
      ],
    });
    const annotationMiss = await seedRule('prometheus', [east.id], {
      dataSourceAlertName: 'HighLatency',
      extraField: [{ key: 'runbook', value: 'https://wiki.example.com/*' }],
    });
    const textQuery = await seedRule('prometheus', [east.id], { queryType: 'textQuery', queryText: 'up' });
    const grafanaRule = await seedRule('grafana', [], { dataSourceAlertName: 'HighLatency' });

    const runbook = { runbook: 'https://runbooks.example.com/latency' };
    const answer = await postAlerts(east.webhookToken, [
      postable(
        { alertname: 'HighLatency', instance: 'checkout-1', service: 'checkout-api' },
        4 * MINUTE,
        runbook,
      ),
      postable({ alertname: 'HighLatency', instance: 'search-1', service: 'search' }, 4 * MINUTE, runbook),
    ]);
    expect(answer.statusCode).toBe(200);
    const fired = async (ruleId: string) => (await instances(ruleId)).map((i) => i.instance);
    expect(await fired(everySource.id)).toEqual(['checkout-1', 'search-1']);
    expect(await fired(filtered.id)).toEqual(['checkout-1']);
    expect(await fired(westOnly.id)).toEqual([]);
    expect(await fired(otherName.id)).toEqual([]);
    expect(await fired(annotationMiss.id)).toEqual([]);
    expect(await fired(textQuery.id)).toEqual([]);
    expect(await fired(grafanaRule.id)).toEqual([]);

    // The rule that lists no data source hears the other Prometheus too, over the webhook receiver.
    await h.call('POST', `/api/v1/prometheus-alert/${west.webhookToken}`, {
      body: {
        version: '4',
        alerts: [
          {
            status: 'firing',
            labels: { alertname: 'HighLatency', instance: 'west-1' },
            annotations: {},
            fingerprint: 'a1b2c3d4e5f60718',
          },
        ],
      },
    });
    expect(await fired(everySource.id)).toEqual(['checkout-1', 'search-1', 'west-1']);
    expect(await fired(westOnly.id)).toEqual(['west-1']);
    await vi.waitFor(() => expect(smsAbout(everySource.name, 'CRITICAL')).toHaveLength(3), WAIT);
  });

  it('serves the Alertmanager API under grafana and pmm data sources too, and not under other types', async () => {
    for (const type of ['grafana', 'pmm'] as const) {
      const source = await createSource(type, `${type} am api`);
      const rule = await seedRule(type, [source.id], { dataSourceAlertName: 'NodeDown' });
      const labels = { alertname: 'NodeDown', instance: 'node-1', node_name: 'node-1' };
      expect((await postAlerts(source.webhookToken, [postable(labels)], type)).statusCode).toBe(200);
      expect(await instances(rule.id)).toEqual([
        { instance: 'node-1', state: 'critical', fingerprint: alertmanagerFingerprint(labels) },
      ]);
      await vi.waitFor(() => expect(smsAbout(rule.name, 'CRITICAL')).toHaveLength(1), WAIT);
    }
    const sentry = await h.call('POST', '/api/v1/data-source', {
      token: await admin(),
      body: { name: 'sentry am api', type: 'sentry', url: 'https://sentry.example.com' },
    });
    const posted = await postAlerts(sentry.json().webhookToken, [postable({ alertname: 'A' })], 'sentry');
    expect(posted.statusCode).toBe(404);
  });
});
