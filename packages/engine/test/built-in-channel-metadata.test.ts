import { BUILT_IN_PLUGINS } from '@oncall/built-ins';
import { createPluginRegistry, providerTarget } from '@oncall/core/testing';
import { describe, expect, it } from 'vitest';
import { directChannelId, ENDPOINT_TYPES, OTP_CHANNELS, PROVIDER_KINDS } from './support/pre-registry-tables';

type ProviderKind = (typeof PROVIDER_KINDS)[number];
type EndpointType = (typeof ENDPOINT_TYPES)[number];

const BUILT_IN_CHANNELS = BUILT_IN_PLUGINS.channels;

// Compat: nothing reads the channels' `serves` and `lane` yet. They must say what the engine's
// per-type tables say today, so that reading them instead changes no route.

const isProviderKind = (type: string): type is ProviderKind =>
  (PROVIDER_KINDS as readonly string[]).includes(type);
const isEndpointType = (type: string): type is EndpointType =>
  (ENDPOINT_TYPES as readonly string[]).includes(type);

describe('built-in channel metadata', () => {
  it('serves every endpoint type but the host-owned flow, each with one channel', () => {
    const served = BUILT_IN_CHANNELS.map((channel) => channel.serves?.endpointType);
    expect([...served].sort()).toEqual(ENDPOINT_TYPES.filter((type) => type !== 'flow').sort());
  });

  it.each(BUILT_IN_CHANNELS.map((channel) => [channel.id, channel] as const))(
    '%s is provider-backed exactly when the engine sends through provider configs',
    (_id, channel) => {
      const endpointType = channel.serves?.endpointType ?? '';
      const provider = channel.serves?.provider;
      expect(isEndpointType(endpointType)).toBe(true);
      if (isProviderKind(endpointType)) {
        const name = provider?.name ?? '';
        expect(
          providerTarget(createPluginRegistry(BUILT_IN_PLUGINS), {
            kind: endpointType,
            provider: name,
            settings: {},
            secrets: {},
          })?.channelId,
        ).toBe(channel.id);
        expect(directChannelId(endpointType)).toBeUndefined();
      } else {
        expect(provider).toBeUndefined();
        expect(isEndpointType(endpointType) && directChannelId(endpointType)).toBe(channel.id);
      }
    },
  );

  it('can carry one-time codes exactly where the service sends them', () => {
    const otp = BUILT_IN_CHANNELS.filter((channel) => channel.capabilities.otp).map(
      (c) => c.serves?.endpointType,
    );
    expect(otp.sort()).toEqual([...OTP_CHANNELS].sort());
  });

  it('uses the lanes and provider labels the engine and core use today', () => {
    const byType = Object.fromEntries(
      BUILT_IN_CHANNELS.map((channel) => [
        channel.serves?.endpointType,
        { lane: channel.capabilities.lane ?? 'chat', label: channel.serves?.provider?.label },
      ]),
    );
    expect(byType).toEqual({
      sms: { lane: 'page', label: 'SMS config' },
      call: { lane: 'page', label: 'Call config' },
      email: { lane: 'email', label: 'Email config' },
      telegram: { lane: 'chat', label: undefined },
      bale: { lane: 'chat', label: undefined },
      teams: { lane: 'chat', label: undefined },
      'matter-most': { lane: 'chat', label: undefined },
    });
  });

  it('marks webhook URLs and bot tokens as destination secrets, as the endpoints store them sealed', () => {
    const secrets = Object.fromEntries(
      BUILT_IN_CHANNELS.map((channel) => [channel.serves?.endpointType, channel.destinationSecretFields]),
    );
    expect(secrets).toEqual({
      sms: [],
      call: [],
      email: [],
      telegram: ['botToken'],
      bale: ['botToken'],
      teams: ['value'],
      'matter-most': ['value'],
    });
  });
});
