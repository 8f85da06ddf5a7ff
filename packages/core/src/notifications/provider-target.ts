import type { ProviderSettings } from '../provider-configs/provider-settings';

/** Which channel plugin sends for a provider config, and the raw config its schema parses. */
export interface ProviderTarget {
  readonly channelId: string;
  readonly config: Record<string, unknown>;
}

/**
 * Maps a stored provider config onto its channel plugin's config. The built-in providers are
 * spelled out (stored text becomes the plugin's types: `secure` is a boolean there); a provider
 * this table does not know is taken to be a plugin id, its settings and secrets passed as they are.
 *
 * @example providerTarget({ kind: 'sms', provider: 'providerOne', settings: { senderNumber: '1000' }, secrets: { apiToken: 't' } })
 * // { channelId: 'sms-providerone', config: { apiToken: 't', senderNumber: '1000' } }
 */
export function providerTarget({ kind, provider, settings, secrets }: ProviderSettings): ProviderTarget {
  const baseUrl = settings.baseUrl ? { baseUrl: settings.baseUrl } : {};
  if (provider === 'providerOne' && kind === 'sms') {
    return {
      channelId: 'sms-providerone',
      config: { apiToken: secrets.apiToken, senderNumber: settings.senderNumber, ...baseUrl },
    };
  }
  if (provider === 'providerOne' && kind === 'call') {
    return { channelId: 'call-providerone', config: { apiToken: secrets.apiToken, ...baseUrl } };
  }
  if (provider === 'smtp' && kind === 'email') {
    return {
      channelId: 'email-smtp',
      config: {
        host: settings.host,
        port: settings.port,
        username: settings.username,
        password: secrets.password,
        fromAddress: settings.fromAddress,
        ...(settings.secure === undefined ? {} : { secure: settings.secure === 'true' }),
        ...(settings.tls === undefined ? {} : { tls: settings.tls }),
      },
    };
  }
  return { channelId: provider, config: { ...settings, ...secrets } };
}
