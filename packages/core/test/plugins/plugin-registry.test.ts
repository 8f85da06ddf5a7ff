import {
  type AnyChannelDefinition,
  type AnySourceDefinition,
  type ChannelCapabilities,
  type ChannelServes,
  defineChannel,
  defineSource,
  z,
} from '@oncall/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { PluginLoadError } from '../../src/plugins/plugin-load-error';
import { createPluginRegistry, type PackagedPlugins } from '../../src/plugins/plugin-registry';

const channel = (
  id: string,
  serves?: ChannelServes,
  capabilities: Partial<ChannelCapabilities> = {},
): AnyChannelDefinition =>
  defineChannel({
    id,
    displayName: id,
    configSchema: z.object({ token: z.string() }),
    secretFields: ['token'],
    destinationSchema: z.object({ value: z.string() }),
    destinationSecretFields: [],
    capabilities: { otp: false, acknowledge: 'link', messengerProxy: false, ...capabilities },
    serves,
    create: () => ({ send: async () => ({}) }),
  });

const source = (id: string, dataSourceType: string, webhook = true): AnySourceDefinition =>
  webhook
    ? defineSource({
        id,
        displayName: id,
        dataSourceType,
        capabilities: { webhook: true, resolves: false },
        payloadSchema: z.object({ name: z.string() }),
        normalize: (payload) => [
          { name: payload.name, status: 'firing', labels: {}, annotations: {}, details: {} },
        ],
        fixtures: [],
      })
    : defineSource({
        id,
        displayName: id,
        dataSourceType,
        capabilities: { webhook: false, resolves: false },
      });

const sms = channel(
  'sms-providerone',
  { endpointType: 'sms', provider: { name: 'providerOne', label: 'SMS config' } },
  { otp: true, lane: 'page' },
);
const email = channel(
  'email-smtp',
  { endpointType: 'email', provider: { name: 'smtp', label: 'Email config' } },
  { otp: true, lane: 'email' },
);
const telegram = channel('telegram', { endpointType: 'telegram' }, { lane: 'chat' });
const mattermost = channel('mattermost', { endpointType: 'matter-most' });
const prometheus = source('prometheus', 'prometheus');
const grafana = source('grafana', 'grafana');
const elastic = source('elastic', 'elastic', false);

const builtIns = { channels: [sms, email, telegram, mattermost], sources: [prometheus, grafana, elastic] };

const fromPackages = (plugins: Partial<PackagedPlugins>): PackagedPlugins => ({
  channels: [],
  sources: [],
  ...plugins,
});

/** The error building the registry throws. */
const refusal = (packaged: Partial<PackagedPlugins>, base = builtIns) => {
  try {
    createPluginRegistry(base, fromPackages(packaged));
  } catch (error) {
    expect(error).toBeInstanceOf(PluginLoadError);
    return String(error);
  }
  return expect.fail('expected the registry to refuse the plugins');
};

describe('the plugin registry', () => {
  const plugins = createPluginRegistry(
    builtIns,
    fromPackages({
      channels: [
        { packageName: '@acme/ntfy', definition: channel('ntfy') },
        {
          packageName: '@acme/sms-twilio',
          definition: channel(
            'sms-twilio',
            { endpointType: 'sms', provider: { name: 'twilio', label: 'SMS config' } },
            { otp: true, lane: 'page' },
          ),
        },
      ],
      sources: [{ packageName: '@acme/uptime-kuma', definition: source('uptime-kuma', 'uptime_kuma') }],
    }),
  );

  it('lists endpoint types in load order, a channel without `serves` serving its id, then flow', () => {
    expect(plugins.endpointTypes).toEqual(['sms', 'email', 'telegram', 'matter-most', 'ntfy', 'flow']);
    expect(plugins.otpEndpointTypes).toEqual(['sms', 'email']);
  });

  it('lists provider kinds and, per kind, the provider names of its channels', () => {
    expect(plugins.providerKinds).toEqual(['sms', 'email']);
    expect(plugins.providerNames('sms')).toEqual(['providerOne', 'twilio']);
    expect(plugins.providerNames('email')).toEqual(['smtp']);
    expect(plugins.providerNames('telegram')).toEqual([]);
    expect(plugins.providerNames('pager')).toEqual([]);
    expect(plugins.channelForProvider('sms', 'twilio')?.id).toBe('sms-twilio');
    expect(plugins.channelForProvider('sms', 'smtp')).toBeUndefined();
  });

  it('gives each endpoint type its lane, chat when the channel does not say', () => {
    expect(Object.fromEntries(plugins.endpointTypes.map((type) => [type, plugins.laneOf(type)]))).toEqual({
      sms: 'page',
      email: 'email',
      telegram: 'chat',
      'matter-most': 'chat',
      ntfy: 'chat',
      flow: undefined,
    });
  });

  it('finds the channel of a direct endpoint type, and none for provider-backed or host types', () => {
    expect(plugins.directChannelFor('matter-most')?.id).toBe('mattermost');
    expect(plugins.directChannelFor('ntfy')?.id).toBe('ntfy');
    expect(plugins.directChannelFor('sms')).toBeUndefined();
    expect(plugins.directChannelFor('flow')).toBeUndefined();
  });

  it('keys channels by id, for the engine', () => {
    expect([...plugins.channels.keys()]).toEqual([
      'sms-providerone',
      'email-smtp',
      'telegram',
      'mattermost',
      'ntfy',
      'sms-twilio',
    ]);
  });

  it('lists data-source types, the webhook ones, and rule types after the host-owned api and notification', () => {
    expect(plugins.dataSourceTypes).toEqual(['prometheus', 'grafana', 'elastic', 'uptime_kuma']);
    expect(plugins.webhookDataSourceTypes).toEqual(['prometheus', 'grafana', 'uptime_kuma']);
    expect(plugins.ruleTypes).toEqual([
      'api',
      'notification',
      'prometheus',
      'grafana',
      'elastic',
      'uptime_kuma',
    ]);
    expect(plugins.sourceFor('uptime_kuma')?.id).toBe('uptime-kuma');
    expect(plugins.sourceFor('api')).toBeUndefined();
    expect([...plugins.sources.keys()]).toEqual(plugins.dataSourceTypes);
  });

  it('without plugins still has the host-owned types', () => {
    const none = createPluginRegistry({ channels: [], sources: [] });
    expect(none.endpointTypes).toEqual(['flow']);
    expect(none.ruleTypes).toEqual(['api', 'notification']);
    expect(none.providerKinds).toEqual([]);
    expect(none.channels.size).toBe(0);
  });
});

describe('the plugin registry refuses plugins that do not fit together', () => {
  it('a second channel for one provider of an endpoint type, naming both', () => {
    const clone = channel(
      'sms-clone',
      { endpointType: 'sms', provider: { name: 'providerOne', label: 'SMS config' } },
      { otp: true, lane: 'page' },
    );
    expect(refusal({ channels: [{ packageName: '@acme/sms-clone', definition: clone }] })).toContain(
      'Channel plugin "@acme/sms-clone": endpoint type "sms" with provider "providerOne" is already served by the built-in channel "sms-providerone"',
    );
  });

  it('a second direct channel for an endpoint type', () => {
    const clone = channel('telegram-clone', { endpointType: 'telegram' });
    expect(refusal({ channels: [{ packageName: '@acme/tg', definition: clone }] })).toContain(
      'Channel plugin "@acme/tg": endpoint type "telegram" is already served by the built-in channel "telegram"',
    );
    const second = channel('second', { endpointType: 'ntfy' });
    expect(
      refusal({
        channels: [
          { packageName: '@acme/ntfy', definition: channel('ntfy') },
          { packageName: '@acme/second', definition: second },
        ],
      }),
    ).toContain(
      'Channel plugin "@acme/second": endpoint type "ntfy" is already served by channel "ntfy" of package "@acme/ntfy"',
    );
  });

  it('a direct channel for a provider-backed endpoint type, and the other way round', () => {
    expect(
      refusal({
        channels: [{ packageName: '@acme/sms', definition: channel('sms-direct', { endpointType: 'sms' }) }],
      }),
    ).toContain(
      'Channel plugin "@acme/sms": endpoint type "sms" is provider-backed (served by the built-in channel "sms-providerone"), so no channel may serve it directly',
    );
    const backed = channel('tg-hosted', {
      endpointType: 'telegram',
      provider: { name: 'hosted', label: 'Bot' },
    });
    expect(refusal({ channels: [{ packageName: '@acme/tg', definition: backed }] })).toContain(
      'endpoint type "telegram" is direct (served by the built-in channel "telegram"), so no channel may serve it through provider configs',
    );
  });

  it('channels of one endpoint type that disagree on their lane or on one-time codes', () => {
    const provider = { name: 'twilio', label: 'SMS config' };
    const chatty = channel('sms-chat', { endpointType: 'sms', provider }, { otp: true, lane: 'chat' });
    expect(refusal({ channels: [{ packageName: '@acme/chat', definition: chatty }] })).toContain(
      'Channel plugin "@acme/chat": its lane is "chat", but the built-in channel "sms-providerone" serving endpoint type "sms" has "page"; the channels of one endpoint type must agree',
    );
    const mute = channel('sms-mute', { endpointType: 'sms', provider }, { otp: false, lane: 'page' });
    expect(refusal({ channels: [{ packageName: '@acme/mute', definition: mute }] })).toContain(
      'its capabilities.otp is false, but the built-in channel "sms-providerone" serving endpoint type "sms" has true',
    );
  });

  it('a second provider of an endpoint type that a config body may leave out', () => {
    const implied = (id: string, name: string) =>
      channel(
        id,
        { endpointType: 'email', provider: { name, label: 'Email config', implied: true } },
        { otp: true, lane: 'email' },
      );
    const base = { ...builtIns, channels: [implied('email-smtp', 'smtp')] };
    const ses = { packageName: '@acme/ses', definition: implied('email-ses', 'ses') };
    expect(refusal({ channels: [ses] }, base)).toContain(
      'Channel plugin "@acme/ses": endpoint type "email" already has an implied provider, "smtp" of the built-in channel "email-smtp"; a config body without a provider can only mean one',
    );
  });

  it('a destination field an endpoint body or answer already names', () => {
    const clashing: AnyChannelDefinition = {
      ...channel('pager', { endpointType: 'pager' }),
      destinationSchema: z.object({ name: z.string(), target: z.string() }),
    };
    expect(refusal({ channels: [{ packageName: '@acme/pager', definition: clashing }] })).toContain(
      'Channel plugin "@acme/pager": destination field "name" is a field every endpoint has; rename it',
    );
  });

  it('one-time codes on a channel without provider configs, or without a destination `value`', () => {
    const direct = channel('otp-direct', { endpointType: 'signal' }, { otp: true });
    expect(refusal({ channels: [{ packageName: '@acme/signal', definition: direct }] })).toContain(
      'Channel plugin "@acme/signal": capabilities.otp needs serves.provider: one-time codes are sent through provider configs',
    );
    const valueless: AnyChannelDefinition = {
      ...channel(
        'push',
        { endpointType: 'push', provider: { name: 'acme', label: 'Push config' } },
        { otp: true },
      ),
      destinationSchema: z.object({ deviceId: z.string() }),
    };
    expect(refusal({ channels: [{ packageName: '@acme/push', definition: valueless }] })).toContain(
      'Channel plugin "@acme/push": capabilities.otp needs a destination field "value": one-time codes are verified for it',
    );
  });

  it('a type the host owns: flow, api, notification', () => {
    expect(refusal({ channels: [{ packageName: '@acme/flow', definition: channel('flow') }] })).toContain(
      'Channel plugin "@acme/flow": endpoint type "flow" is the host\'s own; no plugin may serve it',
    );
    expect(
      refusal({
        channels: [{ packageName: '@acme/api', definition: channel('x', { endpointType: 'api' }) }],
      }),
    ).toContain('endpoint type "api" is the host\'s own');
    expect(
      refusal({ sources: [{ packageName: '@acme/notes', definition: source('notes', 'notification') }] }),
    ).toContain(
      'Source plugin "@acme/notes": data source type "notification" is the host\'s own; no plugin may serve it',
    );
    expect(
      refusal({ sources: [{ packageName: '@acme/flow', definition: source('flows', 'flow') }] }),
    ).toContain('data source type "flow" is the host\'s own');
  });

  it('a data-source type or an id taken twice', () => {
    expect(
      refusal({
        sources: [{ packageName: '@acme/grafana', definition: source('grafana-clone', 'grafana') }],
      }),
    ).toContain(
      'Source plugin "@acme/grafana": data source type "grafana" is already provided by a built-in source',
    );
    expect(refusal({ channels: [{ packageName: '@acme/tg', definition: channel('telegram') }] })).toContain(
      'Channel plugin "@acme/tg": channel id "telegram" is already provided by a built-in channel',
    );
  });

  it('a source with connection fields of its own, which the host cannot store yet', () => {
    const keyed = {
      ...source('keyed', 'keyed'),
      connection: { schema: z.object({ url: z.string(), apiKey: z.string() }), secretFields: ['apiKey'] },
    };
    expect(refusal({ sources: [{ packageName: '@acme/keyed', definition: keyed }] })).toContain(
      'Source plugin "@acme/keyed": declares connection fields of its own, but data sources connect with url, username, apiToken and password only; leave `connection` out',
    );
  });

  it('duplicates among the built-ins, as a built-in', () => {
    expect(refusal({}, { channels: [], sources: [grafana, grafana] })).toContain(
      'Source plugin "built-in": data source type "grafana" is already provided by a built-in source',
    );
  });
});
