/**
 * Seeds a running service through its REST API with what the original web UI shows on every
 * screen: users, teams, provider configs, a messenger proxy, endpoints of each kind (the SMS, call
 * and email ones verified with the codes the local fakes receive), a flow, data sources, alert rules
 * of the api, notification, prometheus, grafana, sentry and zabbix types with tags, notify lists and
 * shared access, then fires and resolves so every rule has history and some stay firing.
 *
 * The fakes (providerOne, SMTP, monitoring systems) stay up until Ctrl-C so the data sources'
 * connection checks and the rule form's lists keep answering; `--exit` stops them at the end.
 * The server must run with ALLOW_PRIVATE_WEBHOOK_TARGETS=true to reach the fakes on loopback.
 *
 * SEED_URL=http://127.0.0.1:3000 SEED_ADMIN_PASSWORD=… npm run seed:legacy-demo -w @oncall/bench
 */
import { readFileSync } from 'node:fs';
import {
  type FakeProviderOne,
  type FakeSmtpServer,
  startFakeMonitoringSystem,
  startFakeProviderOne,
  startFakeSmtpServer,
} from '@oncall/fakes';

const base = (process.env.SEED_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const adminUsername = process.env.SEED_ADMIN_USERNAME ?? 'admin';
const adminPassword = process.env.SEED_ADMIN_PASSWORD;
const exitAtEnd = process.argv.includes('--exit');
const DEMO_PASSWORD = 'demo-password-1';

type Json = Record<string, unknown>;

async function call(method: string, path: string, token: string | undefined, body?: unknown): Promise<Json> {
  const response = await fetch(`${base}/api/v1/${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text}`);
  return text ? (JSON.parse(text) as Json) : {};
}

function idOf(json: Json): string {
  if (typeof json.id !== 'string') throw new Error(`no id in ${JSON.stringify(json)}`);
  return json.id;
}

function fixture(plugin: string, name: string): unknown {
  const url = new URL(`../../plugins/source-${plugin}/fixtures/${name}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8'));
}

async function waitFor<T>(what: string, probe: () => T | undefined): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const found = probe();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/** The code the fake provider or mailbox last received for a destination. */
function codeFrom(text: string | undefined): string | undefined {
  return text?.match(/\d{4,8}/)?.[0];
}

async function verifiedEndpoint(
  token: string,
  fakes: { provider: FakeProviderOne; smtp: FakeSmtpServer },
  body: { name: string; type: 'sms' | 'call' | 'email'; value: string; accessTeamIds?: string[] },
): Promise<string> {
  const before = { provider: fakes.provider.requests.length, smtp: fakes.smtp.messages.length };
  await call('POST', 'endpoint/sendOTP', token, { type: body.type, value: body.value });
  const otpCode = await waitFor(`the ${body.type} code for ${body.value}`, () =>
    body.type === 'email'
      ? codeFrom(fakes.smtp.messages.slice(before.smtp).find((m) => m.to.includes(body.value))?.text)
      : codeFrom(
          fakes.provider.requests.slice(before.provider).find((r) => r.query.receptor === body.value)?.query
            .message,
        ),
  );
  return idOf(await call('POST', 'endpoint', token, { ...body, otpCode }));
}

async function main(): Promise<void> {
  if (!adminPassword) throw new Error('set SEED_ADMIN_PASSWORD (the admin password the server printed)');
  const admin = String(
    (await call('POST', 'auth/login', undefined, { username: adminUsername, password: adminPassword }))
      .accessToken,
  );

  const provider = await startFakeProviderOne();
  const smtp = await startFakeSmtpServer();
  const monitoring = {
    prometheus: await startFakeMonitoringSystem('prometheus'),
    grafana: await startFakeMonitoringSystem('grafana'),
    sentry: await startFakeMonitoringSystem('sentry'),
    zabbix: await startFakeMonitoringSystem('zabbix'),
    pmm: await startFakeMonitoringSystem('pmm'),
  };

  const user = async (username: string, name: string, role: string) =>
    idOf(
      await call('POST', 'user', admin, {
        username,
        name,
        role,
        password: DEMO_PASSWORD,
        confirmPassword: DEMO_PASSWORD,
      }),
    );
  const alice = await user('alice', 'Alice Manager', 'manager');
  const bob = await user('bob', 'Bob Member', 'member');
  const carol = await user('carol', 'Carol Member', 'member');
  const sre = idOf(await call('POST', 'team', admin, { name: 'SRE', ownerId: alice, userIds: [bob, carol] }));
  const platform = idOf(
    await call('POST', 'team', admin, { name: 'Platform', ownerId: bob, userIds: [carol] }),
  );

  await call('POST', 'config/sms', admin, {
    name: 'providerOne SMS',
    provider: 'providerOne',
    apiToken: 'demo-sms-token',
    senderNumber: '10004346',
    baseUrl: provider.url,
  });
  await call('POST', 'config/sms', admin, {
    name: 'providerOne SMS backup',
    provider: 'providerOne',
    apiToken: 'demo-sms-backup-token',
    senderNumber: '10004347',
    baseUrl: provider.url,
  });
  await call('POST', 'config/call', admin, {
    name: 'providerOne voice',
    provider: 'providerOne',
    apiToken: 'demo-call-token',
    baseUrl: provider.url,
  });
  await call('POST', 'config/email', admin, {
    name: 'Local SMTP',
    provider: 'smtp',
    host: smtp.host,
    port: String(smtp.port),
    fromAddress: 'alerts@example.com',
    tls: 'none',
  });
  await call('POST', 'config/telegram', admin, {
    name: 'Office proxy',
    type: 'http',
    host: '127.0.0.1',
    port: '3128',
  });

  const fakes = { provider, smtp };
  const sms = await verifiedEndpoint(admin, fakes, {
    name: 'Admin SMS',
    type: 'sms',
    value: '+989121234567',
  });
  const voice = await verifiedEndpoint(admin, fakes, {
    name: 'Admin call',
    type: 'call',
    value: '+989121234568',
  });
  const mail = await verifiedEndpoint(admin, fakes, {
    name: 'SRE mailbox',
    type: 'email',
    value: 'sre@example.com',
    accessTeamIds: [sre],
  });
  const telegram = idOf(
    await call('POST', 'endpoint', admin, {
      name: 'Ops Telegram group',
      type: 'telegram',
      chatId: '-1001234567890',
      value: '-1001234567890',
      threadId: null,
      botToken: '123456:demo-bot-token',
    }),
  );
  const teams = idOf(
    await call('POST', 'endpoint', admin, {
      name: 'Teams channel',
      type: 'teams',
      value: 'https://example.webhook.office.com/webhookb2/demo',
    }),
  );
  const flow = idOf(
    await call('POST', 'endpoint', admin, {
      name: 'Escalate: SMS then call',
      type: 'flow',
      steps: [
        { type: 'endpoint', endpointIds: [sms, telegram] },
        { type: 'wait', duration: 5, timeUnit: 'm' },
        { type: 'endpoint', endpointIds: [voice] },
      ],
    }),
  );

  const source = async (type: keyof typeof monitoring, name: string) =>
    call('POST', 'data-source', admin, {
      name,
      type,
      url: monitoring[type].url,
      apiToken: `demo-${type}-key`,
    });
  const prometheusSource = await source('prometheus', 'Prometheus prod');
  const grafanaSource = await source('grafana', 'Grafana');
  const sentrySource = await source('sentry', 'Sentry');
  const zabbixSource = await call('POST', 'data-source', admin, {
    name: 'Zabbix',
    type: 'zabbix',
    url: monitoring.zabbix.url,
    username: 'Admin',
    password: 'zabbix',
  });
  await source('pmm', 'PMM');

  const rule = async (body: Json, tags: string[], endpointIds: string[]) => {
    const created = await call('POST', 'alert-rule', admin, body);
    const id = idOf(created);
    await call('PUT', `alert-rule-tag/${id}`, admin, { tags });
    await call('PUT', `alert-rule-notify/${id}`, admin, { endpointIds });
    await call('PUT', `alert-rule-user/${id}`, admin, { userIds: [bob], teamIds: [sre] });
    return created;
  };
  const apiRule = await rule(
    { type: 'api', name: 'Checkout API errors', enableAutoResolve: true, autoResolveMinutes: 30 },
    ['checkout', 'prod'],
    [sms, flow],
  );
  const notificationRule = await rule(
    { type: 'notification', name: 'Deploy notices' },
    ['deploy'],
    [telegram, teams],
  );
  const prometheusRule = await rule(
    {
      type: 'prometheus',
      name: 'Pods crash looping',
      queryType: 'dynamic',
      dataSourceIds: [idOf(prometheusSource)],
      dataSourceAlertName: 'KubePodCrashLooping',
    },
    ['k8s', 'prod'],
    [mail, sms],
  );
  await rule(
    {
      type: 'grafana',
      name: 'DB memory',
      queryType: 'dynamic',
      dataSourceIds: [idOf(grafanaSource)],
      dataSourceAlertName: 'High memory usage',
    },
    ['db'],
    [mail],
  );
  await rule(
    {
      type: 'sentry',
      name: 'Too many errors',
      dataSourceIds: [idOf(sentrySource)],
      dataSourceAlertName: 'Too many errors',
    },
    ['errors'],
    [telegram],
  );
  await rule(
    { type: 'zabbix', name: 'Zabbix problems', dataSourceIds: [idOf(zabbixSource)] },
    ['infra'],
    [voice],
  );
  await call('POST', `alert-rule/pin/${idOf(prometheusRule)}`, admin);

  // History: episodes that opened and closed, and alerts still firing for the triggered tabs.
  const apiToken = String(apiRule.apiToken);
  await call('POST', 'fire-alert', apiToken, {
    alertname: 'http_5xx',
    instance: 'checkout-1',
    summary: 'five hundreds',
  });
  await call('POST', 'resolve-alert', apiToken, { alertname: 'http_5xx', instance: 'checkout-1' });
  await call('POST', 'fire-alert', apiToken, {
    alertname: 'http_5xx',
    instance: 'checkout-2',
    summary: 'still failing',
  });
  await call('POST', 'notification-alert', String(notificationRule.apiToken), {
    instance: 'deployer',
    summary: 'checkout v42 deployed',
  });
  const hook = (plugin: string, sourceView: Json, name: string) =>
    call('POST', `${plugin}-alert/${String(sourceView.webhookToken)}`, undefined, fixture(plugin, name));
  await hook('prometheus', prometheusSource, 'firing-batch');
  await hook('prometheus', prometheusSource, 'resolved-batch');
  await hook('prometheus', prometheusSource, 'firing-batch');
  await hook('grafana', grafanaSource, 'firing-batch');
  await hook('grafana', grafanaSource, 'resolved');
  await hook('sentry', sentrySource, 'metric-critical');
  await hook('sentry', sentrySource, 'metric-resolved');
  await hook('sentry', sentrySource, 'metric-warning');
  await hook('zabbix', zabbixSource, 'problem');
  await hook('zabbix', zabbixSource, 'recovery');
  await hook('zabbix', zabbixSource, 'problem-numbers');

  console.log(
    `seeded ${base}: users alice, bob, carol (password ${DEMO_PASSWORD}), teams SRE and Platform (${platform})`,
  );
  if (exitAtEnd) {
    await Promise.all([provider.close(), smtp.close(), ...Object.values(monitoring).map((m) => m.close())]);
    return;
  }
  console.log('fakes keep serving the data sources and provider configs; Ctrl-C to stop');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
