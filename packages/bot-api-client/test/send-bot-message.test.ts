import { endlessReply, type FakeBotApi, jsonReply, startFakeBotApi, textReply } from '@oncall/fakes';
import { PermanentError, RateLimitedError, TransientError } from '@oncall/plugin-sdk';
import { createTestContext, sampleMessage } from '@oncall/plugin-sdk/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendBotMessage } from '../src';

describe('sendBotMessage', () => {
  let bot: FakeBotApi;
  const send = (threadId?: number) =>
    sendBotMessage(createTestContext(), {
      apiBase: `${bot.url}/`,
      botToken: '123456:ABC-def_0',
      chatId: '-1001234567890',
      threadId,
      format: 'html',
      message: sampleMessage('alert'),
    });
  const failure = () =>
    send().then(
      () => expect.fail('expected the send to fail'),
      (error: unknown) => error,
    );

  beforeEach(async () => {
    bot = await startFakeBotApi();
  });

  afterEach(async () => {
    await bot.close();
  });

  it('posts sendMessage for the bot token and returns the message id', async () => {
    const result = await send();
    expect(bot.sentMessages()).toHaveLength(1);
    expect(bot.sentMessages()[0]).toMatchObject({
      botToken: '123456:ABC-def_0',
      payload: { chat_id: '-1001234567890', parse_mode: 'HTML' },
    });
    expect(bot.sentMessages()[0]?.payload).not.toHaveProperty('message_thread_id');
    expect(result).toEqual({ providerMessageId: '101' });
  });

  it('sends plain text without parse_mode, the acknowledge link only as the button', async () => {
    await sendBotMessage(createTestContext(), {
      apiBase: bot.url,
      botToken: '1:x',
      chatId: '42',
      format: 'plain',
      message: { ...sampleMessage('alert'), title: '<b>not bold</b>' },
    });
    const payload = bot.sentMessages()[0]?.payload;
    expect(payload).not.toHaveProperty('parse_mode');
    expect(payload?.text).toBe(
      [
        'CRITICAL: <b>not bold</b>',
        'Free space is 3% on /var/lib/postgresql.',
        'Dashboard: https://dashboards.example.com/d/disk',
      ].join('\n'),
    );
    expect(payload?.reply_markup).toEqual({
      inline_keyboard: [
        [
          {
            text: 'Acknowledge',
            url: 'https://oncall.example.com/api/v1/alert-rule/acknowledgeL/rule-1?token=signed',
          },
        ],
      ],
    });
  });

  it('adds the forum topic when given', async () => {
    await send(42);
    expect(bot.sentMessages()[0]?.payload).toMatchObject({ message_thread_id: 42 });
  });

  it('reports 429 as RateLimitedError after retry_after seconds', async () => {
    bot.failNext(429, { description: 'Too Many Requests: retry after 35', retryAfterSeconds: 35 });
    const error = await failure();
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({ retryAfterMs: 35_000 });
    expect(String(error)).toContain('Too Many Requests: retry after 35');
  });

  it.each([
    [400, 'Bad Request: chat not found'],
    [401, 'Unauthorized'],
    [403, 'Forbidden: bot was blocked by the user'],
  ])('reports %i as PermanentError with the description', async (code, description) => {
    bot.failNext(code, { description });
    const error = await failure();
    expect(error).toBeInstanceOf(PermanentError);
    expect(String(error)).toContain(description);
  });

  it('reports a Bot API 5xx as TransientError', async () => {
    bot.failNext(502, { description: 'Bad Gateway' });
    expect(await failure()).toBeInstanceOf(TransientError);
  });

  it('reports a non-Bot-API error page by its HTTP status', async () => {
    bot.replyNext(textReply(503, 'upstream unavailable'));
    expect(await failure()).toBeInstanceOf(TransientError);
    bot.replyNext(textReply(404, 'no such route'));
    expect(await failure()).toBeInstanceOf(PermanentError);
  });

  it.each([
    [502, 'an error'],
    [200, 'a success'],
  ])('reads at most a bounded part of %i (%s) whose body never ends, and hangs up', async (status) => {
    const endless = endlessReply(status);
    bot.replyNext(endless);
    expect(await failure()).toBeInstanceOf(TransientError);
    await endless.closed;
    expect(endless.sentBytes()).toBeLessThan(16 * 1024 * 1024);
  });

  it('reports a 200 that is not a Bot API answer as TransientError', async () => {
    bot.replyNext(textReply(200, '<html>captive portal</html>'));
    expect(await failure()).toBeInstanceOf(TransientError);
  });

  it('uses the error code of an ok:false answer even under HTTP 200', async () => {
    bot.replyNext(
      jsonReply(200, { ok: false, error_code: 403, description: 'Forbidden: bot is not a member' }),
    );
    expect(await failure()).toBeInstanceOf(PermanentError);
  });
});
