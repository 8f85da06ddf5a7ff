import { type FakeBotApi, startFakeBotApi } from '@oncall/fakes';
import type { ChannelMessage } from '@oncall/plugin-sdk';
import { createTestContext, sampleMessage } from '@oncall/plugin-sdk/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import telegram from '../src';

describe('telegram', () => {
  let bot: FakeBotApi;
  const send = async (message: ChannelMessage, destination: Record<string, unknown>) => {
    const instance = await telegram.create(
      telegram.configSchema.parse({ apiBase: bot.url }),
      createTestContext(),
    );
    return instance.send(message, {
      idempotencyKey: 'k',
      destination: telegram.destinationSchema.parse(destination),
    });
  };

  beforeEach(async () => {
    bot = await startFakeBotApi();
  });

  afterEach(async () => {
    await bot.close();
  });

  it('posts to the forum topic with an Acknowledge button', async () => {
    await send(sampleMessage('alert'), {
      chatId: '-1001234567890',
      threadId: '15',
      botToken: '123456:AA-bb',
    });
    expect(bot.sentMessages()).toEqual([
      {
        botToken: '123456:AA-bb',
        method: 'sendMessage',
        payload: {
          chat_id: '-1001234567890',
          message_thread_id: 15,
          text: [
            '<b>CRITICAL: Disk almost full on db-1</b>',
            'Free space is 3% on /var/lib/postgresql.',
            '<a href="https://dashboards.example.com/d/disk">Dashboard</a>',
          ].join('\n\n'),
          parse_mode: 'HTML',
          reply_markup: {
            inline_keyboard: [
              [
                {
                  text: 'Acknowledge',
                  url: 'https://oncall.example.com/api/v1/alert-rule/acknowledgeL/rule-1?token=signed',
                },
              ],
            ],
          },
        },
      },
    ]);
  });

  it('escapes HTML from the alert', async () => {
    const message: ChannelMessage = {
      kind: 'alert',
      severity: 'critical',
      title: 'queue <orders> & "payments"',
      body: '<i>not italic</i>',
    };
    await send(message, { chatId: '42', botToken: '1:x' });
    expect(bot.sentMessages()[0]?.payload.text).toBe(
      '<b>CRITICAL: queue &lt;orders&gt; &amp; &quot;payments&quot;</b>\n\n&lt;i&gt;not italic&lt;/i&gt;',
    );
  });

  it('sends neither topic nor button when there are none', async () => {
    await send(sampleMessage('resolve'), { chatId: '@ops_alerts', threadId: '', botToken: '1:x' });
    const payload = bot.sentMessages()[0]?.payload;
    expect(payload).not.toHaveProperty('message_thread_id');
    expect(payload).not.toHaveProperty('reply_markup');
    expect(payload).toMatchObject({ chat_id: '@ops_alerts' });
  });

  it('validates the destination', () => {
    const parse = (destination: Record<string, unknown>) =>
      telegram.destinationSchema.safeParse(destination).success;
    expect(parse({ chatId: '42', botToken: '1:x' })).toBe(true);
    expect(parse({ chatId: '42', botToken: '1:x/../getUpdates' })).toBe(false);
    expect(parse({ chatId: 'not a chat', botToken: '1:x' })).toBe(false);
    expect(parse({ chatId: '42', threadId: 'general', botToken: '1:x' })).toBe(false);
  });

  it('marks the bot token secret and asks for the messenger proxy', () => {
    expect(telegram.destinationSecretFields).toEqual(['botToken']);
    expect(telegram.capabilities.messengerProxy).toBe(true);
  });
});
