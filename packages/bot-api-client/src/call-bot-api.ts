import {
  type ChannelContext,
  classifyHttpStatus,
  MAX_ERROR_BODY_BYTES,
  readBodyText,
  TransientError,
  toChannelError,
  vendorFetch,
} from '@oncall/plugin-sdk';
import { parseBotAnswer } from './bot-answer';

// A sendMessage answer echoes the message (4096 characters at most) with its entities: far below this.
const MAX_ANSWER_BYTES = 1024 * 1024;

/** One Bot API method call. */
export interface BotApiCall {
  readonly apiBase: string;
  readonly botToken: string;
  readonly method: string;
  readonly payload: Readonly<Record<string, unknown>>;
  readonly signal?: AbortSignal;
}

/**
 * Calls a Telegram-style Bot API method (`POST {apiBase}/bot{token}/{method}`, JSON) and returns its
 * `result`. `{ ok: false }` answers become errors by `error_code`: 429 RateLimitedError after
 * `parameters.retry_after` seconds, 5xx TransientError, others (400 bad chat, 401 bad token,
 * 403 bot blocked) PermanentError.
 */
export async function callBotApi(
  ctx: Pick<ChannelContext, 'fetch' | 'clock'>,
  call: BotApiCall,
): Promise<unknown> {
  const url = `${call.apiBase.replace(/\/+$/, '')}/bot${call.botToken}/${call.method}`;
  const response = await vendorFetch(ctx.fetch, url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(call.payload),
    signal: call.signal,
  });
  const limit = response.ok ? MAX_ANSWER_BYTES : MAX_ERROR_BODY_BYTES;
  const body = await readBodyText(response, limit).catch((error: unknown) => {
    throw toChannelError(error);
  });
  const answer = parseBotAnswer(body);
  if (answer?.ok === true && response.ok) return answer.result;
  if (answer?.ok === false) {
    const retryAfter = answer.parameters?.retry_after;
    throw classifyHttpStatus(
      answer.error_code ?? response.status,
      retryAfter === undefined ? response.headers.get('retry-after') : String(retryAfter),
      { now: ctx.clock.now(), detail: answer.description },
    );
  }
  if (!response.ok)
    throw classifyHttpStatus(response.status, response.headers.get('retry-after'), { now: ctx.clock.now() });
  throw new TransientError(`Bot API answered HTTP ${response.status} without a Bot API response`);
}
