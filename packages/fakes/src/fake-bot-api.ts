import { jsonReply } from './fake-reply';
import { type RecordingHttpServer, startRecordingHttpServer } from './recording-http-server';

/** One call to the fake Bot API. */
export interface BotApiCall {
  readonly botToken: string;
  /** `sendMessage`, `getMe`, … */
  readonly method: string;
  readonly payload: Readonly<Record<string, unknown>>;
}

/**
 * A fake of the Telegram Bot API (Bale speaks the same protocol): `POST /bot{token}/{method}` with
 * a JSON body, answering `{ ok: true, result }` or `{ ok: false, error_code, description, parameters }`.
 */
export interface FakeBotApi extends RecordingHttpServer<BotApiCall> {
  /** The `sendMessage` calls only. */
  sentMessages(): BotApiCall[];
  /** Answers the next call with a Bot API error; 429 carries `parameters.retry_after`. */
  failNext(
    errorCode: number,
    options?: { readonly description?: string; readonly retryAfterSeconds?: number },
  ): void;
}

export async function startFakeBotApi(): Promise<FakeBotApi> {
  let nextMessageId = 100;
  const server = await startRecordingHttpServer<BotApiCall>({
    record: ({ url, body }) => {
      const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
      return {
        botToken: decodeURIComponent(match?.[1] ?? ''),
        method: match?.[2] ?? '',
        payload: parseObject(body),
      };
    },
    defaultReply: (call) => {
      if (call.method === 'getMe') {
        return jsonReply(200, {
          ok: true,
          result: { id: 1, is_bot: true, first_name: 'Fake', username: 'fake_bot' },
        });
      }
      if (call.method !== 'sendMessage') {
        return jsonReply(404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
      }
      nextMessageId += 1;
      return jsonReply(200, {
        ok: true,
        result: {
          message_id: nextMessageId,
          date: 1_700_000_000,
          chat: { id: call.payload.chat_id },
          text: '',
        },
      });
    },
  });
  return {
    ...server,
    sentMessages: () => server.requests.filter((call) => call.method === 'sendMessage'),
    failNext(errorCode, options = {}) {
      const retryAfter = options.retryAfterSeconds;
      server.replyNext(
        jsonReply(errorCode, {
          ok: false,
          error_code: errorCode,
          description: options.description ?? `Error ${errorCode}`,
          ...(retryAfter === undefined ? {} : { parameters: { retry_after: retryAfter } }),
        }),
      );
    },
  };
}

function parseObject(body: string): Record<string, unknown> {
  const parsed: unknown = body ? JSON.parse(body) : {};
  return typeof parsed === 'object' && parsed !== null ? { ...parsed } : {};
}
