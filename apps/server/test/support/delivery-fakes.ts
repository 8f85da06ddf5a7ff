import {
  type BotApiCall,
  type FakeBotApi,
  type FakeProviderOne,
  type FakeSmtpServer,
  type FakeWebhookReceiver,
  startFakeBotApi,
  startFakeProviderOne,
  startFakeSmtpServer,
  startFakeWebhookReceiver,
  type WebhookDelivery,
} from '@oncall/fakes';

/** Every kind of endpoint that delivers itself (flows compose these). */
export const CHANNEL_KINDS = ['sms', 'call', 'email', 'telegram', 'bale', 'teams', 'mattermost'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** One message a fake vendor accepted, in the terms a test asserts on whatever the channel. */
export interface DeliveredMessage {
  readonly kind: ChannelKind;
  /** Phone number, email address, chat id, or webhook URL path. */
  readonly destination: string;
  /** What the recipient reads or hears: the headline (`CRITICAL: <rule> — <instance>`) and body. */
  readonly text: string;
  /** The acknowledge link the message offers, as a button or as text; undefined when none. */
  readonly acknowledgeUrl: string | undefined;
}

/** The fake vendors of every channel kind, on 127.0.0.1. */
export interface DeliveryFakes {
  readonly providerOne: FakeProviderOne;
  readonly smtp: FakeSmtpServer;
  readonly telegram: FakeBotApi;
  readonly bale: FakeBotApi;
  readonly teams: FakeWebhookReceiver;
  readonly mattermost: FakeWebhookReceiver;
  /** The direct channels' configs pointing them at the fakes (`createTestEngine`'s `channelConfigs`). */
  readonly channelConfigs: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** Everything the fakes accepted so far. */
  delivered(): DeliveredMessage[];
  close(): Promise<void>;
}

export async function startDeliveryFakes(): Promise<DeliveryFakes> {
  const [providerOne, smtp, telegram, bale, teams, mattermost] = await Promise.all([
    startFakeProviderOne(),
    startFakeSmtpServer(),
    startFakeBotApi(),
    startFakeBotApi(),
    startFakeWebhookReceiver({ successBody: '1' }),
    startFakeWebhookReceiver(),
  ]);
  return {
    providerOne,
    smtp,
    telegram,
    bale,
    teams,
    mattermost,
    channelConfigs: { telegram: { apiBase: telegram.url }, bale: { apiBase: bale.url } },
    delivered: () => [
      ...providerOne.requests.map((request) => {
        const text = request.query.message ?? '';
        return {
          kind: request.method === 'call/maketts' ? ('call' as const) : ('sms' as const),
          destination: request.query.receptor ?? '',
          text,
          acknowledgeUrl: linkAfterLabel(text),
        };
      }),
      ...smtp.messages.map((email) => ({
        kind: 'email' as const,
        destination: email.envelopeTo.join(','),
        text: email.text,
        acknowledgeUrl: linkAfterLabel(email.text),
      })),
      ...telegram.sentMessages().map((call) => botMessage('telegram', call)),
      ...bale.sentMessages().map((call) => botMessage('bale', call)),
      ...teams.requests.map(teamsMessage),
      ...mattermost.requests.map(mattermostMessage),
    ],
    async close() {
      await Promise.all([
        providerOne.close(),
        smtp.close(),
        telegram.close(),
        bale.close(),
        teams.close(),
        mattermost.close(),
      ]);
    },
  };
}

/** Plain-text channels (SMS, email) end with `Acknowledge: <url>`. */
function linkAfterLabel(text: string): string | undefined {
  return /^Acknowledge: (\S+)$/m.exec(text)?.[1];
}

function botMessage(kind: 'telegram' | 'bale', call: BotApiCall): DeliveredMessage {
  const markup = call.payload.reply_markup as { inline_keyboard?: { url?: string }[][] } | undefined;
  return {
    kind,
    destination: String(call.payload.chat_id),
    text: String(call.payload.text),
    acknowledgeUrl: markup?.inline_keyboard?.[0]?.[0]?.url,
  };
}

interface AdaptiveCard {
  /** RichTextBlocks of TextRuns, shown as written. */
  body: { inlines?: { text?: string }[] }[];
  actions: { title?: string; url?: string }[];
}

function teamsMessage(delivery: WebhookDelivery): DeliveredMessage {
  const card = (delivery.json as { attachments?: { content?: AdaptiveCard }[] } | undefined)?.attachments?.[0]
    ?.content;
  return {
    kind: 'teams',
    destination: delivery.path,
    text: (card?.body ?? [])
      .map((block) => (block.inlines ?? []).map((inline) => inline.text ?? '').join(''))
      .join('\n'),
    acknowledgeUrl: card?.actions.find((action) => action.title === 'Acknowledge')?.url,
  };
}

function mattermostMessage(delivery: WebhookDelivery): DeliveredMessage {
  const text = String((delivery.json as { text?: unknown } | undefined)?.text ?? '');
  return {
    kind: 'mattermost',
    destination: delivery.path,
    text,
    acknowledgeUrl: /\[Acknowledge\]\(([^)\s]+)\)/.exec(text)?.[1],
  };
}

/** How an alert message's headline starts: `CRITICAL: <rule> — <instance>`, `TEST: <rule>`, … */
export type Headline = 'CRITICAL' | 'WARNING' | 'RESOLVED' | 'TEST' | 'ACKNOWLEDGED';

/** The delivered messages about a rule (by its name in the headline), optionally of one headline. */
export function messagesAbout(
  fakes: DeliveryFakes,
  ruleName: string,
  headline?: Headline,
): DeliveredMessage[] {
  const marker = headline ? `${headline}: ${ruleName}` : ruleName;
  return fakes.delivered().filter((message) => message.text.includes(marker));
}

/** The channel kinds of some messages, sorted: one of each kind reads as `[...CHANNEL_KINDS].sort()`. */
export function kindsOf(messages: readonly DeliveredMessage[]): ChannelKind[] {
  return messages.map((message) => message.kind).sort();
}
