import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type AnySourceDefinition,
  checkSourceDefinition,
  defineSource,
  dynamicOrTextQueryRuleFields,
  hostRuleFields,
  type NormalizedAlert,
  type SourceAlert,
  takesWebhooks,
  z,
} from '../../src';

const definition = defineSource({
  id: 'typed-source',
  displayName: 'Typed',
  dataSourceType: 'typed_source',
  capabilities: { webhook: true, resolves: false },
  payloadSchema: z.object({ title: z.string(), count: z.coerce.number() }),
  normalize(payload) {
    expectTypeOf(payload).toEqualTypeOf<{ title: string; count: number }>();
    return [{ name: payload.title, status: 'firing', labels: {}, annotations: {}, details: {} }];
  },
  fixtures: [{ name: 'one', payload: { title: 'x', count: '1' }, expectedStatuses: ['firing'] }],
});

describe('defineSource', () => {
  it('returns the definition unchanged and fits the registry type', () => {
    expect(definition.normalize({ title: 'x', count: 1 })).toEqual([
      { name: 'x', status: 'firing', labels: {}, annotations: {}, details: {} },
    ]);
    expectTypeOf(definition).toExtend<AnySourceDefinition>();
  });

  it('types the query hooks', () => {
    defineSource({
      ...definition,
      capabilities: { webhook: false, resolves: true },
      async evaluate(source, rule, ctx) {
        expectTypeOf(source.url).toEqualTypeOf<string>();
        expectTypeOf(rule.settings).toEqualTypeOf<Readonly<Record<string, unknown>>>();
        expectTypeOf(ctx.signal).toEqualTypeOf<AbortSignal | undefined>();
        return { firing: [] satisfies SourceAlert[], document: { query: 'up == 0' } };
      },
      pollAlerts: async () => [] satisfies SourceAlert[],
      listRules: async () => ['HighCPU'],
      listLabels: async () => ['instance'],
      listLabelValues: async (_source, label) => [label],
      async validateQuery(_source, rule) {
        expectTypeOf(rule.settings).toEqualTypeOf<Readonly<Record<string, unknown>>>();
        return rule.settings.queryText === 'up =='
          ? { valid: false, field: 'queryText', message: '1:6: parse error: unexpected end of input' }
          : { valid: true };
      },
    });
  });

  it('types a source without webhooks, which has no payload members', () => {
    const queried = defineSource({
      id: 'queried',
      displayName: 'Queried',
      dataSourceType: 'queried',
      capabilities: { webhook: false, resolves: true },
      probe: { steps: [{ method: 'GET', path: '/' }], token: 'api-key', basic: true },
    });
    expectTypeOf(queried).toExtend<AnySourceDefinition>();
    expect(takesWebhooks(queried)).toBe(false);
    expect(takesWebhooks(definition)).toBe(true);
    // @ts-expect-error: a source that takes webhooks needs its payload schema, normalize and fixtures
    defineSource({ ...queried, capabilities: { webhook: true, resolves: true } });
  });

  it('types the connection, probe, rule fields and matches', () => {
    const described = defineSource({
      ...definition,
      connection: { schema: z.object({ url: z.url(), apiKey: z.string() }), secretFields: ['apiKey'] },
      probe: { steps: [{ method: 'GET', path: '/health' }], token: 'x-api-key', basic: false },
      ruleFields: dynamicOrTextQueryRuleFields({ requireDataSources: false }),
      matches(alert, settings) {
        expectTypeOf(alert).toEqualTypeOf<NormalizedAlert>();
        expectTypeOf(settings).toEqualTypeOf<Readonly<Record<string, unknown>>>();
        return true;
      },
    });
    expectTypeOf(described).toExtend<AnySourceDefinition>();
    defineSource({
      ...definition,
      connection: {
        schema: z.object({ url: z.url() }),
        // @ts-expect-error: 'password' is not a field of the connection schema
        secretFields: ['password'],
      },
    });
  });
});

describe('checkSourceDefinition', () => {
  it('accepts a definition', () => {
    expect(checkSourceDefinition(definition)).toEqual({ ok: true, definition });
  });

  it('accepts a definition with a connection, a probe, rule fields and matches', () => {
    const described = {
      ...definition,
      connection: { schema: z.object({ url: z.url(), apiKey: z.string() }), secretFields: ['apiKey'] },
      probe: {
        steps: [
          { method: 'POST', path: '/rpc', json: { id: 1 }, accept: (body: unknown) => body !== null },
          { method: 'GET', path: '/health', query: { verbose: '1' } },
        ],
        token: 'none',
        basic: true,
      },
      ruleFields: {
        fields: z.object({ dataSourceIds: hostRuleFields.someDataSourceIds }),
        singleSource: true,
      },
      matches: () => true,
    };
    expect(checkSourceDefinition(described)).toEqual({ ok: true, definition: described });
    const variants = {
      ...definition,
      ruleFields: dynamicOrTextQueryRuleFields({ requireDataSources: true }),
    };
    expect(checkSourceDefinition(variants)).toMatchObject({ ok: true });
  });

  it('accepts a receiver with a setup, and legacyRuleFormPick', () => {
    const described = {
      ...definition,
      legacyRuleFormPick: false,
      receivers: [
        {
          path: '/v1/events',
          body: { name: 'HookEvents', description: 'Events as the hook relays them.' },
          refusal: 'The body is not a list of hook events.',
          batchField: '',
          read: () => ({ ok: true as const, alerts: [] }),
          setup: {
            field: 'hookSetup',
            description: 'what to paste into the hook',
            schema: z.object({ url: z.string() }),
            show: (address: { webhookUrl: string }) => ({ url: `${address.webhookUrl}/v1/events` }),
          },
        },
      ],
    };
    expect(checkSourceDefinition(described)).toEqual({ ok: true, definition: described });
  });

  it.each([
    ['a receiver path without its leading slash', { path: 'v1/events' }, 'receivers[0].path'],
    ['a receiver without read', { read: undefined }, 'receivers[0].read'],
    [
      'a receiver setup field that is not camelCase',
      { setup: { field: 'hook-setup' } },
      'receivers[0].setup',
    ],
  ])('refuses %s', (_case, change, field) => {
    const receiver = {
      path: '/v1/events',
      body: { name: 'HookEvents', description: 'Events as the hook relays them.' },
      refusal: 'Not hook events.',
      read: () => ({ ok: true as const, alerts: [] }),
      ...change,
    };
    const checked = checkSourceDefinition({ ...definition, receivers: [receiver] });
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.reason).toContain(field);
  });

  it('accepts rule options', () => {
    const described = { ...definition, ruleOptions: { severities: [{ value: '4', label: 'High' }] } };
    expect(checkSourceDefinition(described)).toEqual({ ok: true, definition: described });
  });

  it.each([
    ['a bad id', { id: 'Typed Source' }, 'id'],
    ['a dashed data source type', { dataSourceType: 'victoria-logs' }, 'dataSourceType'],
    ['no payload schema', { payloadSchema: { parse() {} } }, 'payloadSchema'],
    ['no normalize', { normalize: undefined }, 'normalize'],
    ['a fingerprint that is not a function', { fingerprint: 'name' }, 'fingerprint'],
    ['a validateQuery that is not a function', { validateQuery: true }, 'validateQuery'],
    [
      'a fixture with an unknown status',
      { fixtures: [{ name: 'x', payload: {}, expectedStatuses: ['ok'] }] },
      'fixtures',
    ],
    ['a webhook source without fixtures', { fixtures: undefined }, 'fixtures'],
    [
      'a connection secret the schema lacks',
      { connection: { schema: z.object({ url: z.string() }), secretFields: ['apiToken'] } },
      'names "apiToken", which the schema lacks',
    ],
    [
      'a connection schema that is not zod',
      { connection: { schema: {}, secretFields: [] } },
      'connection.schema',
    ],
    ['a probe without steps', { probe: { steps: [], token: 'bearer', basic: true } }, 'probe.steps'],
    [
      'a probe path without a leading slash',
      { probe: { steps: [{ method: 'GET', path: 'health' }], token: 'bearer', basic: true } },
      'must start with /',
    ],
    [
      'a probe with an unknown token scheme',
      { probe: { steps: [{ method: 'GET', path: '/' }], token: 'cookie', basic: true } },
      'probe.token',
    ],
    ['rule fields that are a bare zod object', { ruleFields: z.object({}) }, 'ruleFields'],
    ['rule fields with no variant', { ruleFields: { byQueryType: {} } }, 'ruleFields'],
    [
      'rule fields with both shapes',
      { ruleFields: { fields: z.object({}), byQueryType: { dynamic: z.object({}) } } },
      'ruleFields',
    ],
    ['matches that is not a function', { matches: true }, 'matches'],
    ['rule options that are not lists of choices', { ruleOptions: { severities: ['4'] } }, 'ruleOptions'],
    [
      'a rule option without a label',
      { ruleOptions: { severities: [{ value: '4', label: '' }] } },
      'ruleOptions.severities[0].label',
    ],
  ])('refuses %s, naming the field', (_case, change, field) => {
    const checked = checkSourceDefinition({ ...definition, ...change });
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.reason).toContain(field);
  });

  it('accepts a source without webhooks that neither has a payload nor evaluates (connect and probe only)', () => {
    const queried = {
      id: 'logs',
      displayName: 'Logs',
      dataSourceType: 'logs',
      capabilities: { webhook: false, resolves: true },
      probe: { steps: [{ method: 'GET', path: '/health' }], token: 'bearer', basic: true },
    };
    expect(checkSourceDefinition(queried)).toEqual({ ok: true, definition: queried });
  });

  it('refuses what is not an object', () => {
    expect(checkSourceDefinition(null)).toMatchObject({ ok: false });
    expect(checkSourceDefinition(() => {})).toMatchObject({ ok: false });
  });
});
