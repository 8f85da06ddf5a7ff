import { SecretBox } from '@oncall/core';
import { Endpoint, ProviderConfig, sealJson, User } from '@oncall/core/persistence';
import { openDatabase } from '@oncall/db';
import type { ServerProcess } from './server-process';

const json = { 'content-type': 'application/json' };

/** An access token of the system admin the server created on start. */
export async function loginAdmin(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username: 'admin', password: server.adminPassword }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** An `api` rule made through the REST API, as a user makes it; its id and ingestion token. */
export async function createApiRule(
  server: ServerProcess,
  accessToken: string,
  name: string,
  endpointIds: string[] = [],
  /** Seconds; 0 (the default here) pages every instance on its own. */
  groupInterval = 0,
): Promise<{ id: string; token: string }> {
  const rule = await postAsAdmin<{ id: string; apiToken?: string }>(
    server,
    accessToken,
    '/api/v1/alert-rule',
    {
      name,
      type: 'api',
      endpointIds,
      // One page per instance (no grouping) unless asked: most benchmarks time each fire's own page.
      groupInterval,
    },
  );
  if (!rule.apiToken) throw new Error(`rule ${name} came back without its token`);
  return { id: rule.id, token: rule.apiToken };
}

/**
 * A `prometheus` data source made through the REST API; its id and the token of its webhook and
 * Alertmanager API v2 receiver. Nothing is fetched from its URL to take alerts pushed to it.
 */
export async function createPrometheusSource(
  server: ServerProcess,
  accessToken: string,
  name: string,
): Promise<{ id: string; token: string }> {
  const source = await postAsAdmin<{ id: string; webhookToken?: string }>(
    server,
    accessToken,
    '/api/v1/data-source',
    { name, type: 'prometheus', url: 'http://prometheus.invalid:9090' },
  );
  if (!source.webhookToken) throw new Error(`data source ${name} came back without its token`);
  return { id: source.id, token: source.webhookToken };
}

/**
 * A `prometheus` rule made through the REST API, listening to one data source for the alerts named
 * `alertname` (`queryType: 'dynamic'`: the source pushes, the service evaluates nothing); no endpoints.
 */
export async function createPrometheusRule(
  server: ServerProcess,
  accessToken: string,
  name: string,
  sourceId: string,
  alertname: string,
): Promise<string> {
  const rule = await postAsAdmin<{ id: string }>(server, accessToken, '/api/v1/alert-rule', {
    name,
    type: 'prometheus',
    queryType: 'dynamic',
    dataSourceIds: [sourceId],
    dataSourceAlertName: alertname,
    endpointIds: [],
  });
  return rule.id;
}

/** A JSON POST as the admin; its answer, or an error carrying the body the server refused with. */
async function postAsAdmin<T>(
  server: ServerProcess,
  accessToken: string,
  path: string,
  body: object,
): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { ...json, authorization: `Bearer ${accessToken}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * A default SMS provider config pointing at a fake providerOne and one SMS endpoint owned by the
 * admin, written straight to the database: the API would want a one-time code sent and read back
 * first, which is not what these benchmarks measure.
 */
export async function seedSmsEndpoint(
  server: ServerProcess,
  databaseUrl: string,
  providerUrl: string,
): Promise<string> {
  const db = await openDatabase({ kind: 'postgres', url: databaseUrl }, { poolMax: 1 });
  try {
    const em = db.orm.em.fork();
    const admin = await em.findOneOrFail(User, { username: 'admin' });
    em.create(ProviderConfig, {
      kind: 'sms',
      name: 'bench sms',
      provider: 'providerOne',
      settings: { senderNumber: '1000', baseUrl: providerUrl },
      sealedSecrets: sealJson(new SecretBox(server.encryptionKey), { apiToken: 'bench-token' }),
      isDefault: true,
    });
    const endpoint = em.create(Endpoint, {
      name: 'bench sms',
      type: 'sms',
      destination: { value: '09120000000' },
      owner: admin,
    });
    await em.flush();
    return endpoint.id;
  } finally {
    await db.close();
  }
}

/**
 * A Teams endpoint owned by a member of its own (`tarpit-owner`), pointing at `webhookUrl`, written
 * straight to the database like `seedSmsEndpoint`: another tenant's webhook.
 */
export async function seedMemberTeamsEndpoint(
  server: ServerProcess,
  databaseUrl: string,
  webhookUrl: string,
): Promise<string> {
  const db = await openDatabase({ kind: 'postgres', url: databaseUrl }, { poolMax: 1 });
  try {
    const em = db.orm.em.fork();
    const member = em.create(User, {
      username: `tarpit-owner-${Date.now()}`,
      name: 'Tarpit owner',
      passwordHash: 'not-a-hash',
      role: 'member',
    });
    const endpoint = em.create(Endpoint, {
      name: 'slow hook',
      type: 'teams',
      sealedDestination: sealJson(new SecretBox(server.encryptionKey), { value: webhookUrl }),
      owner: member,
    });
    await em.flush();
    return endpoint.id;
  } finally {
    await db.close();
  }
}

/**
 * Mattermost endpoints owned by the admin, one per webhook URL, written straight to the database
 * like `seedSmsEndpoint`; their ids in the order of `webhookUrls`.
 */
export async function seedMattermostEndpoints(
  server: ServerProcess,
  databaseUrl: string,
  webhookUrls: readonly string[],
): Promise<string[]> {
  const db = await openDatabase({ kind: 'postgres', url: databaseUrl }, { poolMax: 1 });
  try {
    const em = db.orm.em.fork();
    const admin = await em.findOneOrFail(User, { username: 'admin' });
    const box = new SecretBox(server.encryptionKey);
    const endpoints = webhookUrls.map((value, i) =>
      em.create(Endpoint, {
        name: `bench chat ${i}`,
        type: 'matter-most',
        sealedDestination: sealJson(box, { value }),
        owner: admin,
      }),
    );
    await em.flush();
    return endpoints.map((endpoint) => endpoint.id);
  } finally {
    await db.close();
  }
}
