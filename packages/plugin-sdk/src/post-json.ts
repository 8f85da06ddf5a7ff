import { classifyHttpStatus } from './classify-http-status';
import type { ChannelContext } from './context';
import { MAX_ERROR_BODY_BYTES, readBodyText } from './read-body-text';
import { truncate } from './render/truncate';
import { vendorFetch } from './vendor-fetch';

/**
 * Options of {@link postJson}.
 *
 * @example { headers: { authorization: `Bearer ${config.apiKey}` }, signal }
 */
export interface PostJsonOptions {
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
}

// Enough of a vendor's error page to explain it in the delivery log without storing the whole page.
const MAX_DETAIL_LENGTH = 300;

/**
 * POSTs a JSON body through the host's fetch and returns the response when it is a 2xx; otherwise
 * throws what {@link classifyHttpStatus} says, with the start of the vendor's answer as detail (at
 * most {@link MAX_ERROR_BODY_BYTES} are read). A caller that does not need the body of a 2xx should
 * {@link discardBody} it.
 * Unreachable vendors surface as TransientError (see {@link vendorFetch}).
 *
 * @example await postJson(ctx, destination.value, { text: toPlainText(message) }, { signal });
 */
export async function postJson(
  ctx: Pick<ChannelContext, 'fetch' | 'clock'>,
  url: string,
  body: unknown,
  options: PostJsonOptions = {},
): Promise<Response> {
  const response = await vendorFetch(ctx.fetch, url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...options.headers },
    body: JSON.stringify(body),
    signal: options.signal,
  });
  if (response.ok) return response;
  const detail = await readBodyText(response, MAX_ERROR_BODY_BYTES).catch(() => '');
  throw classifyHttpStatus(response.status, response.headers.get('retry-after'), {
    now: ctx.clock.now(),
    detail: truncate(detail.trim(), MAX_DETAIL_LENGTH) || undefined,
  });
}
