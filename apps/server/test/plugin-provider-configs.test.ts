import { BUILT_IN_PLUGINS, loadPluginRegistry } from '@oncall/built-ins';
import type { PluginRegistry } from '@oncall/core';
import { openJson, ProviderConfig } from '@oncall/core/persistence';
import { createPluginRegistry, loadProviderSettings, providerTarget } from '@oncall/core/testing';
import { defineChannel, z } from '@oncall/plugin-sdk';
import { createTestCore } from '@oncall/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pagerOne from './fixtures/pager-channel';
import { buildTestHttpApp, type TestApp, testAppClient } from './support/test-app';

// Resolved by this package's vitest config to ./fixtures/pager-channel.ts, as if installed.
const PAGER = '@fixture/oncall-channel-pager';
const KEY = 'pager-secret-key-4321';

const pagerBody = (name: string) => ({
  name,
  provider: 'pagerOne',
  apiKey: KEY,
  endpoint: 'https://pager.example/api',
  priority: 2,
});

/** The server's HTTP app over a test core with these plugins. */
async function appWith(plugins: PluginRegistry): Promise<TestApp> {
  const t = await createTestCore({}, { plugins });
  const app = await buildTestHttpApp(t, t.core);
  return {
    ...testAppClient(t, () => app),
    app,
    dispose: async () => {
      await app.close();
      await t.dispose();
    },
  };
}

describe('provider configs of a channel plugin from CHANNEL_PLUGINS', () => {
  let h: TestApp;
  let owner: string;
  /** Every answer body seen, checked at the end for the raw secret. */
  const bodies: string[] = [];

  const api = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
    const response = await h.call(method, `/api/v1${url}`, { token: owner, body });
    bodies.push(response.body);
    return response;
  };
  const row = (id: string) => h.t.core.orm.em.fork().findOneOrFail(ProviderConfig, { id });

  beforeAll(async () => {
    h = await appWith(await loadPluginRegistry({ channelPackages: [PAGER] }));
    owner = await h.adminToken();
  });
  afterAll(() => h.dispose());

  it('gets /config/{kind} routes for its endpoint type, answering with its secret masked', async () => {
    const created = await api('POST', '/config/pager', pagerBody('primary pager'));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(String),
      name: 'primary pager',
      provider: 'pagerOne',
      isDefault: true,
      isBackup: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      kind: 'pager',
      apiKey: '********4321',
      endpoint: 'https://pager.example/api',
      priority: 2,
      loud: null,
      team: null,
    });
    const { id } = created.json();
    expect((await api('GET', '/config/pager/providers')).json()).toEqual(['pagerOne']);
    expect((await api('GET', '/config/pager')).json()).toEqual([expect.objectContaining({ id })]);
    expect((await api('GET', `/config/pager/${id}`)).json()).toMatchObject({ apiKey: '********4321' });
    const other = await api('GET', `/config/sms/${id}`);
    expect(other.json()).toMatchObject({ code: 'not_found', message: 'SMS config not found.' });
    const missing = await api('GET', '/config/pager/01890000-0000-7000-8000-000000000000');
    expect(missing.json()).toMatchObject({ code: 'not_found', message: 'Pager config not found.' });
  });

  it('validates bodies with the channel config schema, at field paths', async () => {
    const empty = await api('POST', '/config/pager', {});
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['apiKey', 'endpoint', 'name', 'provider']);
    expect(empty.json().errors.apiKey).toEqual(['The api key field is required.']);
    const invalid = await api('POST', '/config/pager', {
      ...pagerBody('bad pager'),
      provider: 'providerOne',
      endpoint: 'http://pager.example/api',
      priority: 9,
      loud: 'yes',
    });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors).sort()).toEqual(['endpoint', 'loud', 'priority', 'provider']);
    expect(invalid.json().errors.provider).toEqual(['The selected provider is invalid.']);
  });

  it('stores settings as text and seals the secret fields; the engine gets them typed back', async () => {
    const created = await api('POST', '/config/pager', { ...pagerBody('typed pager'), loud: true });
    const stored = await row(created.json().id);
    expect(stored.kind).toBe('pager');
    expect(stored.settings).toEqual({ endpoint: 'https://pager.example/api', priority: '2', loud: 'true' });
    expect(openJson(h.t.core.secretBox, stored.sealedSecrets)).toEqual({ apiKey: KEY });
    const settings = await loadProviderSettings(h.t.core.orm.em.fork(), h.t.core.secretBox, stored.id);
    expect(settings && providerTarget(h.t.core.plugins, settings)).toEqual({
      channelId: 'pager-one',
      config: { apiKey: KEY, endpoint: 'https://pager.example/api', priority: 2, loud: true },
    });
  });

  it('needs the secret again when a field the channel binds it to changes, not for the others', async () => {
    const view = (await api('POST', '/config/pager', pagerBody('bound pager'))).json();
    const moved = await api('PUT', `/config/pager/${view.id}`, {
      ...view,
      endpoint: 'https://attacker.example/api',
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors).toEqual({
      apiKey: ['The api key must be sent again when the endpoint changes.'],
    });
    const retuned = await api('PUT', `/config/pager/${view.id}`, { ...view, priority: 5, team: 'ops' });
    expect(retuned.statusCode, retuned.body).toBe(200);
    expect(retuned.json()).toMatchObject({ priority: 5, team: 'ops', apiKey: '********4321' });
    expect(openJson(h.t.core.secretBox, (await row(view.id)).sealedSecrets)).toEqual({ apiKey: KEY });
  });

  it('is the same resource on tRPC, and the OpenAPI document lists its routes', async () => {
    const created = await h.call('POST', '/trpc/configs.providerConfigs.create', {
      token: owner,
      body: { kind: 'pager', ...pagerBody('trpc pager') },
    });
    bodies.push(created.body);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().result.data).toMatchObject({ kind: 'pager', apiKey: '********4321' });
    const strict = await h.call('POST', '/trpc/configs.providerConfigs.create', {
      token: owner,
      body: { kind: 'pager', ...pagerBody('trpc pager'), extra: 1 },
    });
    expect(strict.statusCode).toBe(422);

    const document = (await api('GET', '/openapi.json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/v1/config/pager', '/api/v1/config/pager/{id}', '/api/v1/config/sms']),
    );
  });

  it('never shows the raw secret in any answer', () => {
    expect(bodies.filter((body) => body.includes(KEY))).toEqual([]);
  });
});

describe('provider configs of a kind two channel plugins serve', () => {
  // A second vendor for pagers, whose configs a body without `provider` means; it names no
  // secret-bound fields, so all of its other fields bind its token.
  const pagerTwo = defineChannel({
    ...pagerOne,
    id: 'pager-two',
    configSchema: z.object({ token: z.string().min(1), region: z.enum(['eu', 'us']) }),
    secretFields: ['token'],
    secretBoundFields: undefined,
    pacing: undefined,
    serves: {
      endpointType: 'pager',
      provider: { name: 'pagerTwo', label: 'Pager config', implied: true, legacyNames: ['pager2'] },
    },
    create: () => ({ send: async () => ({}) }),
  });
  let h: TestApp;
  let owner: string;
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    h.call(method, `/api/v1${url}`, { token: owner, body });
  const stored = async (id: string) => loadProviderSettings(h.t.core.orm.em.fork(), h.t.core.secretBox, id);

  beforeAll(async () => {
    const packaged = (definition: typeof pagerOne | typeof pagerTwo) => ({
      packageName: `@fixture/${definition.id}`,
      definition,
    });
    h = await appWith(
      createPluginRegistry(BUILT_IN_PLUGINS, {
        channels: [packaged(pagerOne), packaged(pagerTwo)],
        sources: [],
      }),
    );
    owner = await h.adminToken();
  });
  afterAll(() => h.dispose());

  it("takes each provider's own fields, and the implied provider when the body names none", async () => {
    expect((await api('GET', '/config/pager/providers')).json()).toEqual(['pagerOne', 'pagerTwo']);
    const two = await api('POST', '/config/pager', { name: 'two', token: 'token-two', region: 'eu' });
    expect(two.statusCode, two.body).toBe(201);
    expect(two.json()).toMatchObject({ provider: 'pagerTwo', token: '********-two', region: 'eu' });
    const one = await api('POST', '/config/pager', pagerBody('one'));
    expect(one.json()).toMatchObject({ provider: 'pagerOne', apiKey: '********4321', priority: 2 });
    const unknown = await api('POST', '/config/pager', { ...pagerBody('x'), provider: 'pagerThree' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ provider: ['The selected provider is invalid.'] });
    const mixed = await api('POST', '/config/pager', { name: 'mixed', apiKey: KEY, region: 'eu' });
    expect(mixed.statusCode).toBe(422);
    expect(Object.keys(mixed.json().errors)).toEqual(['token']);
  });

  it("reads a provider's legacy name as the provider, among several", async () => {
    const legacy = await api('POST', '/config/pager', {
      name: 'old',
      provider: 'pager2',
      token: 'token-old',
      region: 'us',
    });
    expect(legacy.statusCode, legacy.body).toBe(201);
    expect(legacy.json()).toMatchObject({ provider: 'pagerTwo', region: 'us' });
    const one = await api('POST', '/config/pager', { ...pagerBody('one-legacy'), provider: 'pager2' });
    expect(one.statusCode).toBe(422);
  });

  it('binds the secrets to every other field when the channel does not say', async () => {
    const view = (
      await api('POST', '/config/pager', { name: 'bound', token: 'token-3', region: 'eu' })
    ).json();
    const moved = await api('PUT', `/config/pager/${view.id}`, { ...view, region: 'us' });
    expect(moved.json().errors).toEqual({ token: ['The token must be sent again when the region changes.'] });
  });

  it('drops the settings and secrets of the vendor a config moves away from', async () => {
    const view = (await api('POST', '/config/pager', pagerBody('moving'))).json();
    const kept = await api('PUT', `/config/pager/${view.id}`, {
      name: 'moving',
      provider: 'pagerTwo',
      region: 'us',
    });
    expect(kept.statusCode).toBe(422);
    expect(kept.json().errors).toEqual({ token: ['The token field is required.'] });
    const moved = await api('PUT', `/config/pager/${view.id}`, {
      name: 'moving',
      provider: 'pagerTwo',
      token: 'token-4',
      region: 'us',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await stored(view.id)).toEqual({
      kind: 'pager',
      provider: 'pagerTwo',
      settings: { region: 'us' },
      secrets: { token: 'token-4' },
    });
  });
});
