import type { EndpointCatalog, EndpointDestinationFields } from '@oncall/contracts';
import type { AnyChannelDefinition } from '@oncall/plugin-sdk';
import { HOST_ENDPOINT_TYPES, type PluginRegistry } from '../plugins/plugin-registry';

/**
 * What the endpoint faces and use cases are built from: the registry's endpoint and OTP types, and
 * the destination fields of each type but `flow` (its channel's `destinationSchema`,
 * `destinationSecretFields` and, for a type older than channel plugins, `legacyEndpoint`). Built
 * once, when a face or the core is built.
 *
 * @example endpointCatalogOf(plugins).types // ['sms', 'call', 'email', 'telegram', 'bale', 'teams', 'matter-most', 'pager-hook', 'flow']
 */
export function endpointCatalogOf(plugins: PluginRegistry): EndpointCatalog {
  const destinations = new Map<string, EndpointDestinationFields>();
  for (const type of plugins.endpointTypes) {
    if (isHostEndpointType(type)) continue;
    const channel = describingChannel(plugins, type);
    if (channel === undefined) continue;
    destinations.set(type, {
      label: channel.serves?.endpointLabel ?? channel.displayName,
      lane: plugins.laneOf(type) ?? 'chat',
      schema: channel.destinationSchema,
      secretFields: channel.destinationSecretFields,
      legacy: channel.legacyEndpoint,
    });
  }
  return { types: plugins.endpointTypes, otpTypes: plugins.otpEndpointTypes, destinations };
}

function isHostEndpointType(type: string): boolean {
  return (HOST_ENDPOINT_TYPES as readonly string[]).includes(type);
}

/**
 * The channel whose destination describes an endpoint type: its direct channel, or the first
 * provider's (the providers of one type share their endpoints, so they take the same destination).
 */
function describingChannel(plugins: PluginRegistry, type: string): AnyChannelDefinition | undefined {
  const [provider] = plugins.providerNames(type);
  const providerChannel = provider === undefined ? undefined : plugins.channelForProvider(type, provider);
  return plugins.directChannelFor(type) ?? providerChannel;
}
