import {
  type ChannelContext,
  classifyHttpStatus,
  MAX_ERROR_BODY_BYTES,
  readBodyText,
  type SendResult,
  TransientError,
  toChannelError,
  vendorFetch,
} from '@oncall/plugin-sdk';
import { parseEnvelope } from './envelope';

// An accepted send echoes each message in `entries`: a few kilobytes, far below this.
const MAX_ANSWER_BYTES = 1024 * 1024;

/** One providerOne API call. */
export interface ProviderOneCall {
  readonly baseUrl: string;
  readonly apiToken: string;
  /** `sms/send` or `call/maketts`. */
  readonly method: 'sms/send' | 'call/maketts';
  readonly params: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
}

/**
 * Calls providerOne (`GET {baseUrl}/v1/{apiToken}/{method}.json?…`) and returns the id of the
 * accepted message. Errors follow the envelope's status: 429 rate limited, 5xx transient, other
 * codes (401 disabled account, 403 bad token, 412 bad sender, 418 no credit, …) permanent.
 *
 * @example
 * await callProviderOne(ctx, { baseUrl, apiToken, method: 'sms/send', params: { sender, receptor, message } });
 */
export async function callProviderOne(
  ctx: Pick<ChannelContext, 'fetch' | 'clock'>,
  call: ProviderOneCall,
): Promise<SendResult> {
  const base = call.baseUrl.replace(/\/+$/, '');
  const url = `${base}/v1/${encodeURIComponent(call.apiToken)}/${call.method}.json?${new URLSearchParams(call.params)}`;
  const response = await vendorFetch(ctx.fetch, url, { method: 'GET', signal: call.signal });
  const limit = response.ok ? MAX_ANSWER_BYTES : MAX_ERROR_BODY_BYTES;
  const body = await readBodyText(response, limit).catch((error: unknown) => {
    throw toChannelError(error);
  });
  const envelope = parseEnvelope(body);
  const failure = (status: number) =>
    classifyHttpStatus(status, response.headers.get('retry-after'), {
      now: ctx.clock.now(),
      detail: envelope?.return.message,
    });

  if (envelope === undefined) {
    if (!response.ok) throw failure(response.status);
    // A 200 without the envelope is not providerOne accepting a message: a captive portal or a
    // wrong base URL answered. Nothing was sent, so trying again (or the backup) is safe.
    throw new TransientError(`providerOne answered HTTP ${response.status} without its response envelope`);
  }
  if (envelope.return.status !== 200) throw failure(envelope.return.status);
  if (!response.ok) throw failure(response.status);
  const messageId = envelope.entries[0]?.messageid;
  return messageId === undefined ? {} : { providerMessageId: String(messageId) };
}
