import { endlessReply, type FakeWebhookReceiver, startFakeWebhookReceiver } from '@oncall/fakes';
import { BlockedTargetError, createHostFetch, type HostFetch } from '@oncall/net-guard';
import { TransientError } from '@oncall/plugin-sdk';
import {
  createTestContext,
  httpStatusOf,
  runChannelContractTests,
  sampleMessage,
} from '@oncall/plugin-sdk/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import teams from '../src';

runChannelContractTests(teams, {
  signalsRateLimits: true,
  async start() {
    const receiver = await startFakeWebhookReceiver({ successStatus: 202, successBody: '' });
    const hostFetch = createHostFetch({ allowPrivateTargets: true });
    return {
      config: {},
      destination: { value: `${receiver.url}/webhookb2/abc` },
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

describe('teams', () => {
  let receiver: FakeWebhookReceiver;
  const clients: HostFetch[] = [];
  const send = async (
    fetchOptions: Parameters<typeof createHostFetch>[0],
    message = sampleMessage('alert'),
  ) => {
    const hostFetch = createHostFetch(fetchOptions);
    clients.push(hostFetch);
    const instance = await teams.create({}, createTestContext({ fetch: hostFetch.fetch }));
    return instance.send(message, {
      idempotencyKey: 'k',
      destination: { value: `${receiver.url}/workflows/1` },
    });
  };

  beforeEach(async () => {
    receiver = await startFakeWebhookReceiver({ successBody: '1' });
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
    await receiver.close();
  });

  it('posts an Adaptive Card with the headline, body and an Acknowledge button', async () => {
    await send({ allowPrivateTargets: true });
    expect(receiver.requests).toHaveLength(1);
    expect(receiver.requests[0]).toMatchObject({ path: '/workflows/1', contentType: 'application/json' });
    expect(receiver.requests[0]?.json).toEqual({
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          contentUrl: null,
          content: {
            $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
            type: 'AdaptiveCard',
            version: '1.4',
            msteams: { width: 'Full' },
            body: [
              {
                type: 'RichTextBlock',
                inlines: [
                  {
                    type: 'TextRun',
                    text: 'CRITICAL: Disk almost full on db-1',
                    weight: 'Bolder',
                    size: 'Medium',
                    color: 'Attention',
                  },
                ],
              },
              {
                type: 'RichTextBlock',
                inlines: [{ type: 'TextRun', text: 'Free space is 3% on /var/lib/postgresql.' }],
              },
            ],
            actions: [
              {
                type: 'Action.OpenUrl',
                title: 'Acknowledge',
                url: 'https://oncall.example.com/api/v1/alert-rule/acknowledgeL/rule-1?token=signed',
                style: 'positive',
              },
              { type: 'Action.OpenUrl', title: 'Dashboard', url: 'https://dashboards.example.com/d/disk' },
            ],
          },
        },
      ],
    });
  });

  it('shows hostile alert text as written: no markdown, link or mention in the card', async () => {
    const title = '**Down** [Acknowledge](https://evil.example/ack) <at>General</at>';
    const body =
      '@channel @all @here\n\n- [click](https://evil.example) _now_ {{DATE(2017-02-14T06:08:39Z, SHORT)}}';
    await send(
      { allowPrivateTargets: true },
      { kind: 'alert', severity: 'critical', title, body, acknowledgeUrl: 'https://oncall.example.com/ack' },
    );
    type Card = { attachments: { content: Record<string, unknown> }[] };
    const content = (receiver.requests[0]?.json as Card | undefined)?.attachments[0]?.content;
    const blocks = content?.body as { type: string; inlines?: { type: string; text: string }[] }[];
    // TextBlock renders markdown (links, emphasis, lists); a TextRun shows its text as it is.
    expect(blocks.map((block) => block.type)).toEqual(['RichTextBlock', 'RichTextBlock', 'RichTextBlock']);
    expect(blocks.map((block) => block.inlines?.map((inline) => [inline.type, inline.text]))).toEqual([
      [['TextRun', `CRITICAL: ${title}`]],
      ...body.split('\n\n').map((line) => [['TextRun', line]]),
    ]);
    // A Teams mention needs an entity next to the card; the alert cannot add one.
    expect(content?.msteams).toEqual({ width: 'Full' });
    expect(content?.actions).toEqual([
      {
        type: 'Action.OpenUrl',
        title: 'Acknowledge',
        url: 'https://oncall.example.com/ack',
        style: 'positive',
      },
    ]);
  });

  it('keeps a card of a very long body within the size Teams accepts', async () => {
    const body = Array.from({ length: 5000 }, (_, index) => `line ${index}`).join('\n');
    await send({ allowPrivateTargets: true }, { kind: 'alert', severity: 'warning', title: 'Noisy', body });
    const card = receiver.requests[0]?.body ?? '';
    expect(card.length).toBeLessThan(28_000);
    expect(card).toContain('line 0');
  });

  it('colours a resolve green and has no actions without links', async () => {
    await send({ allowPrivateTargets: true }, sampleMessage('resolve'));
    const card = JSON.stringify(receiver.requests[0]?.json);
    expect(card).toContain('"color":"Good"');
    expect(card).toContain('"actions":[]');
  });

  it('is refused by the default SSRF guard when the webhook points at a private address', async () => {
    const error = await send({}).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(BlockedTargetError);
    expect(receiver.requests).toHaveLength(0);
  });

  it('reads only the start of an error body that never ends, and hangs up', async () => {
    const endless = endlessReply(503);
    receiver.replyNext(endless);
    const error = await send({ allowPrivateTargets: true }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(TransientError);
    expect(String(error)).toMatch(/HTTP 503: x+/);
    expect(String(error).length).toBeLessThan(400);
    await endless.closed;
  });

  it('does not keep reading the body of an accepted post', async () => {
    const endless = endlessReply(200);
    receiver.replyNext(endless);
    await send({ allowPrivateTargets: true });
    await endless.closed;
  });

  it('rejects webhook values that are not http(s) URLs', () => {
    expect(teams.destinationSchema.safeParse({ value: 'file:///etc/passwd' }).success).toBe(false);
    expect(teams.destinationSchema.safeParse({ value: 'not a url' }).success).toBe(false);
  });
});
