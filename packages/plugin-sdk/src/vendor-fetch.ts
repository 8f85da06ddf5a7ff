import type { FetchLike } from './context';
import { toChannelError } from './to-channel-error';

/**
 * Calls a vendor through the host's fetch. Failing to reach the vendor (refused, reset, DNS, abort)
 * becomes a TransientError; a ChannelError raised by the host itself (the SSRF guard refusing a
 * private address is a PermanentError) keeps its kind.
 *
 * @example const response = await vendorFetch(ctx.fetch, url, { method: 'POST', body, signal });
 */
export async function vendorFetch(
  fetch: FetchLike,
  input: string | URL,
  init?: RequestInit,
): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch (error) {
    throw toChannelError(error);
  }
}
