import {
  endlessReply,
  type FakeProviderOne,
  hangReply,
  jsonReply,
  resetReply,
  startFakeProviderOne,
  textReply,
} from '@oncall/fakes';
import { PermanentError, TransientError } from '@oncall/plugin-sdk';
import { createTestContext } from '@oncall/plugin-sdk/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callProviderOne } from '../src';

describe('callProviderOne', () => {
  let fake: FakeProviderOne;
  const ctx = createTestContext();
  const send = (overrides: { signal?: AbortSignal; apiToken?: string; baseUrl?: string } = {}) =>
    callProviderOne(ctx, {
      baseUrl: overrides.baseUrl ?? `${fake.url}/`,
      apiToken: overrides.apiToken ?? 'token-1',
      method: 'sms/send',
      params: { sender: '10004346', receptor: '09121234567', message: 'سلام & hi' },
      signal: overrides.signal,
    });
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.fail('expected the call to fail'),
      (error: unknown) => error,
    );

  beforeEach(async () => {
    fake = await startFakeProviderOne();
  });

  afterEach(async () => {
    await fake.close();
  });

  it('sends the token in the path and the parameters in the query, and returns the message id', async () => {
    const result = await send({ apiToken: 'a/b c' });
    expect(fake.requests).toEqual([
      {
        apiToken: 'a/b c',
        method: 'sms/send',
        query: { sender: '10004346', receptor: '09121234567', message: 'سلام & hi' },
      },
    ]);
    expect(result).toEqual({ providerMessageId: '8792344' });
  });

  it.each([401, 403, 412, 414, 418])(
    'reports envelope status %i as PermanentError with its message',
    async (status) => {
      fake.failNext(status, { message: `code ${status}` });
      const error = await failure(send());
      expect(error).toBeInstanceOf(PermanentError);
      expect(String(error)).toContain(`HTTP ${status}: code ${status}`);
    },
  );

  it('reports 429 as RateLimitedError with the Retry-After delay', async () => {
    fake.failNext(429, { retryAfterSeconds: 20 });
    expect(await failure(send())).toMatchObject({ kind: 'rate_limited', retryAfterMs: 20_000 });
  });

  it('reads the envelope status even when HTTP says 200', async () => {
    fake.replyNext(
      jsonReply(200, { return: { status: 418, message: 'credit is not enough' }, entries: null }),
    );
    expect(await failure(send())).toBeInstanceOf(PermanentError);
  });

  it('reports a 5xx without envelope as TransientError', async () => {
    fake.replyNext(textReply(502, '<html>Bad Gateway</html>'));
    expect(await failure(send())).toBeInstanceOf(TransientError);
  });

  it.each([
    [500, 'an error'],
    [200, 'a success'],
  ])('reads at most a bounded part of %i (%s) whose body never ends, and hangs up', async (status) => {
    const endless = endlessReply(status);
    fake.replyNext(endless);
    expect(await failure(send())).toBeInstanceOf(TransientError);
    await endless.closed;
    expect(endless.sentBytes()).toBeLessThan(16 * 1024 * 1024);
  });

  it('reports a 200 without envelope as TransientError', async () => {
    fake.replyNext(textReply(200, '<html>Welcome to the hotel wifi</html>'));
    const error = await failure(send());
    expect(error).toBeInstanceOf(TransientError);
    expect(String(error)).toContain('without its response envelope');
  });

  it('reports a dropped connection as TransientError', async () => {
    fake.replyNext(resetReply);
    expect(await failure(send())).toBeInstanceOf(TransientError);
  });

  it('reports a refused connection as TransientError', async () => {
    const gone = await startFakeProviderOne();
    await gone.close();
    expect(await failure(send({ baseUrl: gone.url }))).toBeInstanceOf(TransientError);
  });

  it('reports an attempt the host aborted while the vendor hung as TransientError', async () => {
    fake.replyNext(hangReply);
    const controller = new AbortController();
    const pending = failure(send({ signal: controller.signal }));
    await fake.waitForRequests(1);
    controller.abort();
    expect(await pending).toBeInstanceOf(TransientError);
  });

  it('treats a missing message id as success without id', async () => {
    fake.replyNext(jsonReply(200, { return: { status: 200, message: 'ok' }, entries: [] }));
    expect(await send()).toEqual({});
  });
});
