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
  /** `sendMessage` calls refused with 429 for breaking `chatIntervalMs` (see the options). */
  refusedForPace(): number;
  /** `sendMessage` calls refused with 429 for breaking `chatIntervalMs`, with when each came. */
  refusals(): ReadonlyArray<{
    readonly call: BotApiCall;
    readonly at: number;
    readonly retryAfterMs: number;
  }>;
}

export interface FakeBotApiOptions {
  /**
   * Enforce Telegram's per-chat limit: a `sendMessage` to a chat (of one bot) sooner than this after
   * the last one it accepted there is refused with 429 and `retry_after` in whole seconds, as the
   * real Bot API does. Absent, every call is accepted.
   */
  readonly chatIntervalMs?: number;
}

export async function startFakeBotApi(options: FakeBotApiOptions = {}): Promise<FakeBotApi> {
  let nextMessageId = 100;
  const refusals: Array<{ call: BotApiCall; at: number; retryAfterMs: number }> = [];
  const lastAccepted = new Map<string, number>();
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
      const interval = options.chatIntervalMs;
      if (interval !== undefined) {
        const chat = `${call.botToken}\n${String(call.payload.chat_id)}`;
        const now = performance.now();
        const last = lastAccepted.get(chat);
        if (last !== undefined && now - last < interval) {
          const retryAfter = Math.ceil((interval - (now - last)) / 1000);
          refusals.push({ call, at: now, retryAfterMs: retryAfter * 1000 });
          return jsonReply(429, {
            ok: false,
            error_code: 429,
            description: 'Too Many Requests: retry later',
            parameters: { retry_after: retryAfter },
          });
        }
        lastAccepted.set(chat, now);
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
    refusedForPace: () => refusals.length,
    refusals: () => refusals,
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
