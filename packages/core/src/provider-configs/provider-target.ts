import { typedSetting } from '@oncall/contracts';
import type { PluginRegistry } from '../plugins/plugin-registry';
import type { ProviderSettings } from './provider-settings';

/** Which channel plugin sends for a provider config, and the raw config its schema parses. */
export interface ProviderTarget {
  readonly channelId: string;
  readonly config: Record<string, unknown>;
}

/**
 * Maps a stored provider config onto the channel that serves its kind and provider
 * (`channelForProvider`): its secrets, and its settings typed back from their stored text as the
 * channel's config schema takes them (`secure: 'true'` becomes `true`). Undefined when no loaded
 * plugin serves them.
 *
 * @example providerTarget(plugins, { kind: 'sms', provider: 'providerOne', settings: { senderNumber: '1000' }, secrets: { apiToken: 't' } })
 * // { channelId: 'sms-providerone', config: { senderNumber: '1000', apiToken: 't' } }
 */
export function providerTarget(
  plugins: PluginRegistry,
  { kind, provider, settings, secrets }: ProviderSettings,
): ProviderTarget | undefined {
  const channel = plugins.channelForProvider(kind, provider);
  if (!channel) return undefined;
  const config: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(channel.configSchema.shape)) {
    const text = settings[name];
    if (text !== undefined) config[name] = typedSetting(text, field) ?? text;
  }
  for (const name of channel.secretFields) {
    const secret = secrets[name];
    if (secret !== undefined) config[name] = secret;
  }
  return { channelId: channel.id, config };
}
