import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type AnyChannelDefinition,
  type ChannelContext,
  checkChannelDefinition,
  defineChannel,
  type SendOptions,
  z,
} from '../src';

const definition = defineChannel({
  id: 'typed',
  displayName: 'Typed',
  configSchema: z.object({ apiKey: z.string(), region: z.enum(['eu', 'us']).default('eu') }),
  secretFields: ['apiKey'],
  destinationSchema: z.object({ value: z.string(), channel: z.string().optional() }),
  destinationSecretFields: [],
  capabilities: { otp: false, acknowledge: 'link', messengerProxy: false },
  create(config, ctx) {
    expectTypeOf(config).toEqualTypeOf<{ apiKey: string; region: 'eu' | 'us' }>();
    expectTypeOf(ctx).toEqualTypeOf<ChannelContext>();
    return {
      async send(_message, options) {
        expectTypeOf(options).toEqualTypeOf<SendOptions<{ value: string; channel?: string | undefined }>>();
        return { providerMessageId: `${config.region}:${options.destination.value}` };
      },
    };
  },
});

describe('defineChannel', () => {
  it('returns the definition unchanged', async () => {
    const instance = await definition.create(definition.configSchema.parse({ apiKey: 'k' }), {
      fetch: globalThis.fetch,
      logger: { debug() {}, info() {}, warn() {}, error() {} },
      clock: { now: () => new Date() },
    });
    const result = await instance.send(
      { kind: 'test', severity: 'info', title: 't', body: 'b' },
      { idempotencyKey: 'k', destination: { value: 'dest' } },
    );
    expect(result).toEqual({ providerMessageId: 'eu:dest' });
  });

  it('fits the registry type the host keeps', () => {
    expectTypeOf(definition).toExtend<AnyChannelDefinition>();
  });

  it('only accepts secret fields that exist in the config schema', () => {
    defineChannel({
      ...definition,
      // @ts-expect-error: 'password' is not a field of the config schema
      secretFields: ['password'],
    });
    expect(definition.secretFields).toEqual(['apiKey']);
  });

  it('only accepts secret-bound fields that exist in the config schema', () => {
    const bound = defineChannel({ ...definition, secretBoundFields: ['region'] });
    defineChannel({
      ...definition,
      // @ts-expect-error: 'baseUrl' is not a field of the config schema
      secretBoundFields: ['baseUrl'],
    });
    expect(bound.secretBoundFields).toEqual(['region']);
  });
});

describe('checkChannelDefinition', () => {
  const providerBacked = defineChannel({
    ...definition,
    capabilities: { ...definition.capabilities, lane: 'page' },
    serves: { endpointType: 'sms', provider: { name: 'providerOne', label: 'SMS config' } },
  });

  it('accepts a definition with or without what it serves and its lane', () => {
    expect(checkChannelDefinition(definition)).toEqual({ ok: true, definition });
    expect(checkChannelDefinition(providerBacked)).toEqual({ ok: true, definition: providerBacked });
    const direct = { ...definition, serves: { endpointType: 'matter-most' } };
    expect(checkChannelDefinition(direct)).toMatchObject({ ok: true });
  });

  it('keeps how its provider configs are written: wire fields, bound fields, an implied provider', () => {
    const written = defineChannel({
      ...providerBacked,
      serves: { endpointType: 'email', provider: { name: 'smtp', label: 'Email config', implied: true } },
      configFields: z.object({ region: z.enum(['eu', 'us']).nullish() }),
      secretBoundFields: ['region'],
    });
    expect(checkChannelDefinition(written)).toEqual({ ok: true, definition: written });
  });

  it.each([
    ['an unknown lane', { capabilities: { ...definition.capabilities, lane: 'bulk' } }, 'capabilities.lane'],
    ['an endpoint type with spaces', { serves: { endpointType: 'Matter most' } }, 'serves.endpointType'],
    ['the host-owned flow endpoint type', { serves: { endpointType: 'flow' } }, "flow is the host's own"],
    ['no endpoint type', { serves: { provider: { name: 'x', label: 'X config' } } }, 'serves.endpointType'],
    [
      'a provider without a label',
      { serves: { endpointType: 'sms', provider: { name: 'providerOne' } } },
      'serves.provider.label',
    ],
    [
      'a destination secret the schema lacks',
      { destinationSecretFields: ['url'] },
      'names "url", which the schema lacks',
    ],
    [
      'a secret-bound field the config schema lacks',
      { secretBoundFields: ['baseUrl'] },
      'names "baseUrl", which the config schema lacks\n  → at secretBoundFields',
    ],
    [
      'a secret field as secret-bound',
      { secretBoundFields: ['apiKey'] },
      'names "apiKey", which is a secret field\n  → at secretBoundFields',
    ],
    [
      'wire fields for a secret field',
      { configFields: z.object({ apiKey: z.string() }) },
      'names "apiKey", which is a secret field\n  → at configFields',
    ],
    ['wire fields that are no zod object', { configFields: { region: 'eu' } }, 'configFields'],
    [
      'an implied provider that is not a boolean',
      { serves: { endpointType: 'sms', provider: { name: 'x', label: 'X config', implied: 'yes' } } },
      'serves.provider.implied',
    ],
    [
      'a legacy field name for a secret field',
      {
        serves: {
          endpointType: 'sms',
          provider: { name: 'x', label: 'X config', legacyFieldNames: { apikey: 'apiKey' } },
        },
      },
      'names "apiKey", which is not a non-secret config field',
    ],
    [
      'a legacy field name for a field the config schema lacks',
      {
        serves: {
          endpointType: 'sms',
          provider: { name: 'x', label: 'X config', legacyFieldNames: { zone: 'zoneName' } },
        },
      },
      'names "zoneName", which is not a non-secret config field',
    ],
    [
      'an empty legacy provider name',
      { serves: { endpointType: 'sms', provider: { name: 'x', label: 'X config', legacyNames: [''] } } },
      'serves.provider.legacyNames',
    ],
  ])('refuses %s, naming the field', (_case, change, expected) => {
    const checked = checkChannelDefinition({ ...definition, ...change });
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.reason).toContain(expected);
  });
});
