import { endlessReply, type FakeWebhookReceiver, startFakeWebhookReceiver } from '@oncall/fakes';
import { BlockedTargetError, createHostFetch, type HostFetch } from '@oncall/net-guard';
import { type ChannelMessage, PermanentError } from '@oncall/plugin-sdk';
import {
  createTestContext,
  httpStatusOf,
  runChannelContractTests,
  sampleMessage,
} from '@oncall/plugin-sdk/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import mattermost from '../src';

runChannelContractTests(mattermost, {
  signalsRateLimits: true,
  async start() {
    const receiver = await startFakeWebhookReceiver();
    const hostFetch = createHostFetch({ allowPrivateTargets: true });
    return {
      config: {},
      destination: { value: `${receiver.url}/hooks/xyz` },
      context: { fetch: hostFetch.fetch },
      deliveries: () => receiver.requests.length,
      failNext: (failure) =>
        receiver.failNext(httpStatusOf(failure), {
          retryAfterSeconds: failure.kind === 'rate_limited' ? failure.retryAfterSeconds : undefined,
        }),
      async close() {
        await hostFetch.close();
        await receiver.close();
      },
    };
  },
});

describe('mattermost', () => {
  let receiver: FakeWebhookReceiver;
  const clients: HostFetch[] = [];
  const send = async (message: ChannelMessage, fetchOptions: Parameters<typeof createHostFetch>[0] = {}) => {
    const hostFetch = createHostFetch(fetchOptions);
    clients.push(hostFetch);
    const instance = await mattermost.create({}, createTestContext({ fetch: hostFetch.fetch }));
    return instance.send(message, {
      idempotencyKey: 'k',
      destination: { value: `${receiver.url}/hooks/xyz` },
    });
  };

  beforeEach(async () => {
    receiver = await startFakeWebhookReceiver();
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
    await receiver.close();
  });

  it('posts markdown with the acknowledge link first', async () => {
    await send(sampleMessage('alert'), { allowPrivateTargets: true });
    expect(receiver.requests.map((request) => [request.path, request.json])).toEqual([
      [
        '/hooks/xyz',
        {
          text: [
            '#### CRITICAL: Disk almost full on db-1',
            'Free space is 3% on /var/lib/postgresql.',
            '',
            '**[Acknowledge](https://oncall.example.com/api/v1/alert-rule/acknowledgeL/rule-1?token=signed)** · [Dashboard](https://dashboards.example.com/d/disk)',
          ].join('\n'),
        },
      ],
    ]);
  });

  it('escapes markdown coming from the alert', async () => {
    await send(
      {
        kind: 'alert',
        severity: 'warning',
        title: '*prod* [db](http://evil.example)',
        body: 'rate_limit > 5 | `cmd`',
        links: [{ label: 'a (b)', url: 'https://g.example/x (y)' }],
      },
      { allowPrivateTargets: true },
    );
    expect(receiver.requests[0]?.json).toEqual({
      text: [
        '#### WARNING: \\*prod\\* \\[db\\]\\(http\\://evil.example\\)',
        'rate\\_limit \\> 5 \\| \\`cmd\\`',
        '',
        '[a \\(b\\)](https://g.example/x%20%28y%29)',
      ].join('\n'),
    });
  });

  describe('hostile alert text', () => {
    const hostile = (body: string) =>
      send({ kind: 'alert', severity: 'critical', title: 'Disk', body }, { allowPrivateTargets: true }).then(
        () => {
          const text = String((receiver.requests.at(-1)?.json as { text?: string } | undefined)?.text);
          return text.slice(text.indexOf('\n') + 1);
        },
      );
    /** What Mattermost's markdown shows: backslash escapes removed. */
    const shown = (markdown: string) => markdown.replace(/\\([!-/:-@[-`{-~])/g, '$1');

    it.each(['@channel', '@all', '@here', '@alice'])('cannot mention %s', async (mention) => {
      const line = await hostile(`wake up ${mention} now`);
      // Mattermost finds mentions in the raw text: an @ followed by a name, whatever escapes it.
      expect(line).not.toMatch(/@[a-z]/i);
      expect(shown(line).replace(/\u2060/g, '')).toBe(`wake up ${mention} now`);
    });

    it.each([
      ['a bare URL', 'see https://evil.example/ack to acknowledge'],
      ['a www address', 'see www.evil.example'],
      ['an autolink', 'see <https://evil.example/ack>'],
      ['a markdown link', '[Acknowledge](https://evil.example/ack)'],
      ['an image', '![x](https://evil.example/pixel.png)'],
      ['a reference link', '[Acknowledge][1]\n\n[1]: https://evil.example/ack'],
    ])('cannot make a link of %s', async (_what, body) => {
      const line = await hostile(body);
      expect(line).not.toMatch(/https?:\/\//);
      expect(line).not.toMatch(/www\./);
      expect(line).not.toMatch(/(^|[^\\])[[\]()<>]/);
    });

    it.each([
      ['a heading', '# Everything is fine'],
      ['a list', '- item'],
      ['a rule', '---'],
      ['an entity', '&#64;channel'],
      ['an emoji', ':fire:'],
    ])('shows %s as it was written', async (_what, body) => {
      const line = await hostile(body);
      expect(shown(line).replace(/\u2060/g, '')).toBe(body);
      expect(line).not.toBe(body);
    });
  });

  it('reads only the start of an error body that never ends, and hangs up', async () => {
    const endless = endlessReply(400);
    receiver.replyNext(endless);
    const error = await send(sampleMessage('alert'), { allowPrivateTargets: true }).catch(
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(PermanentError);
    expect(String(error).length).toBeLessThan(400);
    await endless.closed;
  });

  it('does not keep reading the body of an accepted post', async () => {
    const endless = endlessReply(200);
    receiver.replyNext(endless);
    await send(sampleMessage('alert'), { allowPrivateTargets: true });
    await endless.closed;
  });

  it('is refused by the default SSRF guard when the webhook points at a private address', async () => {
    const error = await send(sampleMessage('alert')).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(BlockedTargetError);
    expect(receiver.requests).toHaveLength(0);
  });

  it('reaches a self-hosted server allowed by address', async () => {
    await send(sampleMessage('test'), { allowedAddresses: ['127.0.0.1'] });
    expect(receiver.requests).toHaveLength(1);
  });
});
