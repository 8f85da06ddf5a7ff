import teams from '@oncall/channel-teams';
import telegram from '@oncall/channel-telegram';
import type { DeliveryTargetReader, SendTarget, SendTargetLookup } from '@oncall/core';
import type { ProxySettings } from '@oncall/net-guard';
import type { AnyChannelDefinition, ChannelMessage, FetchLike } from '@oncall/plugin-sdk';
import { SendError, type SendRequest } from '@oncall/workflows';
import { describe, expect, it } from 'vitest';
import { createChannelSender } from '../src/adapters/channel-sender';
import type { HostFetches } from '../src/adapters/host-fetches';

// The sender reads nothing itself: whatever the DeliveryTargetReader port answers is what it sends.

const message: ChannelMessage = { kind: 'alert', severity: 'critical', title: 'Disk full', body: 'db-1' };
const request: SendRequest = {
  notification: { kind: 'alert', alertEventId: 'evt-1', endpointId: 'ep-1' },
  providerConfigId: 'direct',
  attempt: 1,
  idempotencyKey: 'notify:evt-1:ep-1:direct:1',
};
const PROXY: ProxySettings = { type: 'socks5', host: '10.0.0.9', port: 1080 };

function recordingFetches() {
  const sent: Array<{ url: string; through: ProxySettings | null }> = [];
  const fetchVia =
    (through: ProxySettings | null): FetchLike =>
    async (input) => {
      sent.push({ url: String(input), through });
      return Response.json({ ok: true, result: { message_id: 1 } });
    };
  const fetches: HostFetches = {
    direct: fetchVia(null),
    through: (proxy) => fetchVia(proxy),
    close: async () => undefined,
  };
  return { fetches, sent };
}

function targetsAnswering(lookup: SendTargetLookup) {
  const asked = { resolve: 0, activeProxy: 0 };
  const targets: DeliveryTargetReader = {
    async resolve() {
      asked.resolve++;
      return lookup;
    },
    async activeProxy() {
      asked.activeProxy++;
      return PROXY;
    },
  };
  return { targets, asked };
}

const sendTo = (target: SendTarget): SendTargetLookup => ({ kind: 'send', target });

async function failureOf(send: Promise<void>): Promise<SendError> {
  const error = await send.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof SendError)) throw new Error(`expected a SendError, got ${String(error)}`);
  return error;
}

describe('the channel sender over the DeliveryTargetReader port', () => {
  const channels = new Map<string, AnyChannelDefinition>([
    [teams.id, teams],
    [telegram.id, telegram],
  ]);

  it('sends what the port resolves, directly for a channel without the messenger proxy', async () => {
    const { fetches, sent } = recordingFetches();
    const { targets, asked } = targetsAnswering(
      sendTo({
        channelId: 'teams',
        config: {},
        destination: { value: 'https://hooks.example.com/teams/1' },
        message,
      }),
    );
    await createChannelSender({ targets, channels, fetches }).send(request);
    expect(sent).toEqual([{ url: 'https://hooks.example.com/teams/1', through: null }]);
    expect(asked).toEqual({ resolve: 1, activeProxy: 0 });
  });

  it('sends a messenger channel through the active proxy the port names', async () => {
    const { fetches, sent } = recordingFetches();
    const { targets } = targetsAnswering(
      sendTo({
        channelId: 'telegram',
        config: { apiBase: 'https://bot-api.example.com' },
        destination: { chatId: '-1001', botToken: '123456:abcdefghijklmnopqrstuvwxyzABCDEFGHI' },
        message,
      }),
    );
    await createChannelSender({ targets, channels, fetches }).send(request);
    expect(sent.map((s) => s.through)).toEqual([PROXY]);
  });

  it('fails for good when the port finds nothing to send', async () => {
    const { fetches, sent } = recordingFetches();
    const { targets } = targetsAnswering({ kind: 'unsendable', reason: 'Endpoint ep-1 no longer exists' });
    const error = await failureOf(createChannelSender({ targets, channels, fetches }).send(request));
    expect([error.kind, error.message]).toEqual(['permanent', 'Endpoint ep-1 no longer exists']);
    expect(sent).toEqual([]);
  });

  it('fails for good on a channel no plugin serves, or a destination its plugin refuses', async () => {
    const { fetches } = recordingFetches();
    const unknown = targetsAnswering(sendTo({ channelId: 'ntfy', config: {}, destination: {}, message }));
    const refused = targetsAnswering(
      sendTo({ channelId: 'teams', config: {}, destination: { value: 'not a url' }, message }),
    );
    const [noPlugin, badDestination] = await Promise.all([
      failureOf(createChannelSender({ targets: unknown.targets, channels, fetches }).send(request)),
      failureOf(createChannelSender({ targets: refused.targets, channels, fetches }).send(request)),
    ]);
    expect([noPlugin.kind, noPlugin.message]).toEqual(['permanent', 'No channel plugin "ntfy" is loaded']);
    expect(badDestination.kind).toBe('permanent');
    expect(badDestination.message).toMatch(/^Invalid the teams destination: value: /);
    expect(badDestination.message).not.toContain('not a url');
  });
});
