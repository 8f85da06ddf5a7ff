import { BUILT_IN_PLUGINS } from '@oncall/built-ins';
import { createPluginRegistry, providerTarget } from '@oncall/core/testing';
import { describe, expect, it } from 'vitest';

describe('providerTarget over the built-in plugins', () => {
  const plugins = createPluginRegistry(BUILT_IN_PLUGINS);

  it('types stored email settings back as the SMTP channel takes them', () => {
    const target = providerTarget(plugins, {
      kind: 'email',
      provider: 'smtp',
      settings: {
        host: 'smtp.example.com',
        port: '465',
        username: 'alerts',
        fromAddress: 'alerts@example.com',
        secure: 'false',
        tls: 'starttls',
      },
      secrets: { password: 'p' },
    });
    expect(target).toEqual({
      channelId: 'email-smtp',
      config: {
        host: 'smtp.example.com',
        port: '465',
        username: 'alerts',
        password: 'p',
        fromAddress: 'alerts@example.com',
        secure: false,
        tls: 'starttls',
      },
    });
    const channel = plugins.channels.get('email-smtp');
    expect(channel?.configSchema.parse(target?.config)).toMatchObject({ port: 465, secure: false });
  });

  it('passes sms settings and the token as stored, leaving an unset base URL to the channel', () => {
    expect(
      providerTarget(plugins, {
        kind: 'sms',
        provider: 'providerOne',
        settings: { senderNumber: '1000' },
        secrets: { apiToken: 't' },
      }),
    ).toEqual({ channelId: 'sms-providerone', config: { apiToken: 't', senderNumber: '1000' } });
  });

  it('finds no channel for a provider no plugin serves', () => {
    expect(
      providerTarget(plugins, { kind: 'sms', provider: 'twilio', settings: {}, secrets: { apiToken: 't' } }),
    ).toBeUndefined();
  });
});
