import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@oncall/config';
import { createTestDatabase, type TestDatabase } from '@oncall/db/testing';
import { type FakeWebhookReceiver, startFakeWebhookReceiver } from '@oncall/fakes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningService, startService } from '../src/start';

const ADMIN_PASSWORD = 'real-prometheus-admin';
const WAIT = { timeout: 60_000, interval: 250 };

/** The Debian packages' binaries (`prometheus`, `prometheus-alertmanager`), which CI installs. */
function binary(name: string): string | undefined {
  try {
    return execFileSync('which', [name], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}
const PROMETHEUS = binary('prometheus');
const ALERTMANAGER = binary('prometheus-alertmanager') ?? binary('alertmanager');
const VICTORIA_METRICS = binary('victoria-metrics');
const INSTALLED = PROMETHEUS !== undefined && ALERTMANAGER !== undefined && VICTORIA_METRICS !== undefined;
// CI installs them: there, their absence fails the run instead of skipping it.
if (!INSTALLED && process.env.CI) {
  throw new Error(
    'CI must install the prometheus, prometheus-alertmanager and victoria-metrics packages (.ci/run)',
  );
}

/**
 * The real Prometheus, Alertmanager and VictoriaMetrics against the running service, on loopback.
 * Prometheus's own alerting client posts to the service's Alertmanager API v2 receiver
 * (`alerting.alertmanagers` with the data source's path prefix, and with its token as
 * `authorization.credentials`), and Alertmanager's webhook receiver (`webhook_configs`) delivers
 * its grouped notifications: a rule listening to each data source pages a Mattermost endpoint once
 * when the alert fires, however often it is re-sent, and again when it resolves. And the service
 * evaluates a text-query rule on `up` itself, against Prometheus and against VictoriaMetrics'
 * PromQL API, firing when a scrape target goes down and resolving when it comes back.
 */
describe.skipIf(!INSTALLED)('the real Prometheus, Alertmanager and VictoriaMetrics', () => {
  let database: TestDatabase;
  let service: RunningService | undefined;
  let base = '';
  let port = 0;
  let workDir = '';
  let accessToken = '';
  let chat: FakeWebhookReceiver;
  let target: Server;
  let firing = 1;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    workDir = mkdtempSync(join(tmpdir(), 'oncall-real-prometheus-'));
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      DATA_DIR: join(workDir, 'data'),
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD,
      ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
    };
    if (database.target.kind === 'postgres') env.DATABASE_URL = database.target.url;
    service = await startService(loadConfig(env));
    await service.app.listen({ host: '127.0.0.1', port: 0 });
    port = (service.app.server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
    chat = await startFakeWebhookReceiver();
    // What Prometheus scrapes: one gauge the test turns on and off.
    target = createServer((_request, response) => {
      response.setHeader('content-type', 'text/plain; version=0.0.4');
      response.end(`# TYPE oncall_test_broken gauge\noncall_test_broken ${firing}\n`);
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const login = await post('/api/v1/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
    accessToken = (await login.json()).accessToken;
  }, 60_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await service?.stop();
    await chat?.close();
    await new Promise((resolve) => target?.close(resolve));
    await database.dispose();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
      },
      body: JSON.stringify(body),
    });
  const get = async (path: string) =>
    (await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${accessToken}` } })).json();

  const freePort = async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port: free } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    return free;
  };
  const run = (command: string, args: string[]) => {
    const child = spawn(command, args, { stdio: 'ignore' });
    children.push(child);
    return child;
  };

  /** A prometheus data source over REST, and a rule on it paging a Mattermost endpoint. */
  const sourceAndRule = async (name: string) => {
    const source = await (
      await post('/api/v1/data-source', { name, type: 'prometheus', url: 'http://127.0.0.1:9' })
    ).json();
    const endpoint = await (
      await post('/api/v1/endpoint', {
        name: `${name} chat`,
        type: 'matter-most',
        value: `${chat.url}/hooks/${name}`,
      })
    ).json();
    const rule = await (
      await post('/api/v1/alert-rule', {
        type: 'prometheus',
        name: `${name} rule`,
        queryType: 'dynamic',
        dataSourceIds: [source.id],
        dataSourceAlertName: 'OncallTestBroken',
        extraField: [{ key: 'severity', value: 'crit*' }],
        endpointIds: [endpoint.id],
        // The resolve pages at once: grouped, it would wait out the group interval after the fire's page.
        groupInterval: 0,
      })
    ).json();
    return { source, rule, hook: `/hooks/${name}` };
  };
  /** A prometheus data source at `url` and a text-query rule on it paging a Mattermost endpoint. */
  const textQueryRule = async (name: string, url: string, queryText: string) => {
    const source = await (await post('/api/v1/data-source', { name, type: 'prometheus', url })).json();
    const endpoint = await (
      await post('/api/v1/endpoint', {
        name: `${name} chat`,
        type: 'matter-most',
        value: `${chat.url}/hooks/${name}`,
      })
    ).json();
    const created = await post('/api/v1/alert-rule', {
      type: 'prometheus',
      name: `${name} rule`,
      queryType: 'textQuery',
      queryText,
      queryObject: { interval: '2s', timeout: '2s' },
      dataSourceIds: [source.id],
      endpointIds: [endpoint.id],
      groupInterval: 0,
    });
    expect(created.status).toBe(200);
    return { rule: await created.json(), hook: `/hooks/${name}` };
  };
  const messages = (hook: string) => chat.requests.filter((r) => r.path === hook).map((r) => r.body);
  const stateOf = async (ruleId: string) => (await get(`/api/v1/alert-rule/${ruleId}`)).state;

  it('fires and resolves through both ways in, paging once each way', async () => {
    const direct = await sourceAndRule('direct');
    const relayed = await sourceAndRule('relayed');
    const bearer = await sourceAndRule('bearer');
    const pasted = direct.source.alertmanager;
    expect(pasted.pathPrefix).toBe(`/api/v1/prometheus-alert/${direct.source.webhookToken}`);

    const amPort = await freePort();
    writeFileSync(
      join(workDir, 'alertmanager.yml'),
      `route:
  receiver: oncall
  group_by: [alertname]
  group_wait: 1s
  group_interval: 1s
  repeat_interval: 1h
receivers:
  - name: oncall
    webhook_configs:
      - url: ${base}/api/v1/prometheus-alert/${relayed.source.webhookToken}
        send_resolved: true
`,
    );
    run(ALERTMANAGER ?? '', [
      `--config.file=${join(workDir, 'alertmanager.yml')}`,
      `--storage.path=${join(workDir, 'am')}`,
      `--web.listen-address=127.0.0.1:${amPort}`,
      '--cluster.listen-address=',
    ]);

    const { port: targetPort } = target.address() as AddressInfo;
    writeFileSync(
      join(workDir, 'rules.yml'),
      `groups:
  - name: oncall-test
    interval: 1s
    rules:
      - alert: OncallTestBroken
        expr: oncall_test_broken == 1
        labels:
          severity: critical
        annotations:
          summary: the test target is broken
`,
    );
    writeFileSync(
      join(workDir, 'prometheus.yml'),
      `global:
  scrape_interval: 1s
  evaluation_interval: 1s
rule_files: [${join(workDir, 'rules.yml')}]
scrape_configs:
  - job_name: target
    static_configs:
      - targets: ['127.0.0.1:${targetPort}']
alerting:
  alertmanagers:
    - scheme: http
      path_prefix: ${pasted.pathPrefix}
      static_configs:
        - targets: ['127.0.0.1:${port}']
    - scheme: http
      path_prefix: ${pasted.credentialsPathPrefix}
      authorization:
        credentials: ${bearer.source.webhookToken}
      static_configs:
        - targets: ['127.0.0.1:${port}']
    - scheme: http
      static_configs:
        - targets: ['127.0.0.1:${amPort}']
`,
    );
    run(PROMETHEUS ?? '', [
      `--config.file=${join(workDir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(workDir, 'tsdb')}`,
      `--web.listen-address=127.0.0.1:${await freePort()}`,
      // Re-sent every second: many more re-sends than pages within the test.
      '--rules.alert.resend-delay=1s',
    ]);

    for (const { rule } of [direct, relayed, bearer]) {
      await vi.waitFor(async () => expect(await stateOf(rule.id)).toBe('critical'), WAIT);
    }
    for (const { hook } of [direct, relayed, bearer]) {
      await vi.waitFor(() => expect(messages(hook)).toHaveLength(1), WAIT);
      expect(messages(hook)[0]).toContain('CRITICAL');
    }
    // Several re-sends later, still one page each.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    for (const { hook } of [direct, relayed, bearer]) expect(messages(hook)).toHaveLength(1);

    firing = 0;
    for (const { rule } of [direct, relayed, bearer]) {
      await vi.waitFor(async () => expect(await stateOf(rule.id)).toBe('resolved'), WAIT);
    }
    for (const { hook } of [direct, relayed, bearer]) {
      await vi.waitFor(() => expect(messages(hook)).toHaveLength(2), WAIT);
      expect(messages(hook)[1]).toContain('RESOLVED');
    }
  }, 180_000);

  it('evaluates a text query on up against Prometheus and VictoriaMetrics: down fires, back resolves', async () => {
    // A scrape target that fails its scrapes (HTTP 503) while down: `up` is 0 for it then.
    let down = false;
    const web = createServer((_request, response) => {
      response.statusCode = down ? 503 : 200;
      response.setHeader('content-type', 'text/plain; version=0.0.4');
      response.end('# TYPE oncall_web_requests counter\noncall_web_requests 1\n');
    });
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    try {
      const { port: webPort } = web.address() as AddressInfo;
      const scrape = `global:
  scrape_interval: 1s
scrape_configs:
  - job_name: web
    static_configs:
      - targets: ['127.0.0.1:${webPort}']
`;
      writeFileSync(join(workDir, 'scrape.yml'), scrape);
      const promPort = await freePort();
      run(PROMETHEUS ?? '', [
        `--config.file=${join(workDir, 'scrape.yml')}`,
        `--storage.tsdb.path=${join(workDir, 'tsdb-text')}`,
        `--web.listen-address=127.0.0.1:${promPort}`,
      ]);
      const vmPort = await freePort();
      run(VICTORIA_METRICS ?? '', [
        `-promscrape.config=${join(workDir, 'scrape.yml')}`,
        `-storageDataPath=${join(workDir, 'vm')}`,
        `-httpListenAddr=127.0.0.1:${vmPort}`,
        // VictoriaMetrics hides the last 30 s from queries by default, for late samples.
        '-search.latencyOffset=0s',
      ]);
      const query = 'up{job="web"} == 0';
      const rules = [
        await textQueryRule('text-prometheus', `http://127.0.0.1:${promPort}`, query),
        await textQueryRule('text-victoria', `http://127.0.0.1:${vmPort}`, query),
      ];
      // Both sources answer, and nothing is down yet: the runs succeed and nobody is paged.
      for (const { rule } of rules) {
        await vi.waitFor(async () => {
          const read = await get(`/api/v1/alert-rule/${rule.id}`);
          expect(read.evaluation).toMatchObject({ status: 'ok', error: null });
        }, WAIT);
        expect(await get(`/api/v1/alert-rule/triggered/${rule.id}`)).toEqual([]);
      }

      down = true;
      for (const { rule, hook } of rules) {
        await vi.waitFor(async () => expect(await stateOf(rule.id)).toBe('critical'), WAIT);
        await vi.waitFor(() => expect(messages(hook)).toHaveLength(1), WAIT);
        expect(messages(hook)[0]).toContain('CRITICAL');
        const triggered = await get(`/api/v1/alert-rule/triggered/${rule.id}`);
        expect(triggered).toHaveLength(1);
        expect(triggered[0].labels).toMatchObject({ job: 'web', instance: `127.0.0.1:${webPort}` });
      }

      down = false;
      for (const { rule, hook } of rules) {
        await vi.waitFor(async () => expect(await stateOf(rule.id)).toBe('resolved'), WAIT);
        await vi.waitFor(() => expect(messages(hook)).toHaveLength(2), WAIT);
        expect(messages(hook)[1]).toContain('RESOLVED');
      }
    } finally {
      await new Promise((resolve) => web.close(resolve));
    }
  }, 180_000);
});
