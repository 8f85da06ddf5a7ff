import { BUILT_IN_PLUGINS, loadPluginRegistry } from '@oncall/built-ins';
import { createPluginRegistry, providerTarget } from '@oncall/core/testing';
import { FAKE_MONITORING_SYSTEM_TYPES as DATA_SOURCE_TYPES } from '@oncall/fakes';
import { describe, expect, it } from 'vitest';
import { directChannelId, ENDPOINT_TYPES, OTP_CHANNELS, PROVIDER_KINDS } from './support/pre-registry-tables';

// Compat: the catalogs of the built-ins must say what today's per-type lists say, in their order
// (error texts list the types), so that reading the catalogs instead changes no answer.

describe('the built-in plugins', () => {
  const plugins = createPluginRegistry(BUILT_IN_PLUGINS);

  it('serve the endpoint types of today, in their order, flow last', () => {
    expect(plugins.endpointTypes).toEqual([...ENDPOINT_TYPES]);
  });

  it('verify by one-time code the endpoint types that do today, in their order', () => {
    expect(plugins.otpEndpointTypes).toEqual([...OTP_CHANNELS]);
  });

  it('are provider-backed for the provider kinds of today, with the providers the engine maps', () => {
    expect([...plugins.providerKinds].sort()).toEqual([...PROVIDER_KINDS].sort());
    const providers = Object.fromEntries(
      PROVIDER_KINDS.map((kind) => [kind, plugins.providerNames(kind)] as const),
    );
    expect(providers).toEqual({ call: ['providerOne'], email: ['smtp'], sms: ['providerOne'] });
    for (const kind of PROVIDER_KINDS) {
      for (const provider of plugins.providerNames(kind)) {
        expect(plugins.channelForProvider(kind, provider)?.id).toBe(
          providerTarget(plugins, { kind, provider, settings: {}, secrets: {} })?.channelId,
        );
      }
    }
  });

  it('send every other endpoint type through the direct channel the engine picks today', () => {
    for (const type of ENDPOINT_TYPES) {
      expect(plugins.directChannelFor(type)?.id).toBe(directChannelId(type));
    }
  });

  it('serve the data-source types of today, in their order', () => {
    expect(plugins.dataSourceTypes).toEqual([...DATA_SOURCE_TYPES]);
  });

  it('take webhooks for every data-source type but those the service only queries', () => {
    expect(plugins.webhookDataSourceTypes).toEqual([
      'prometheus',
      'grafana',
      'pmm',
      'sentry',
      'splunk',
      'zabbix',
    ]);
  });

  it('serve the rule types of today, in their order, then heartbeats (which connect to no data source)', () => {
    expect(plugins.ruleTypes).toEqual(['api', 'notification', ...DATA_SOURCE_TYPES, 'heartbeat']);
    expect(plugins.dataSourceTypes).not.toContain('heartbeat');
  });

  it('are what loadPluginRegistry loads without packages', async () => {
    const loaded = await loadPluginRegistry();
    expect([...loaded.channels.values()]).toEqual(BUILT_IN_PLUGINS.channels);
    expect([...loaded.sources.values()]).toEqual(BUILT_IN_PLUGINS.sources);
  });
});
