/** One hop of an outbound request; the body is bytes so 307/308 can repeat it. */
export interface Hop {
  readonly url: URL;
  readonly method: string;
  readonly body: Uint8Array | undefined;
  readonly headers: Headers;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

// What may follow a request to another origin: content negotiation and the body's type. Everything
// else a plugin set (Authorization, API keys, signatures, cookies) was meant for the first origin.
const CROSS_ORIGIN_HEADERS = new Set([
  'accept',
  'accept-encoding',
  'accept-language',
  'content-language',
  'content-type',
  'user-agent',
]);

/**
 * Computes the next hop of a redirect the way fetch does: 303, and 301/302 after a POST, become a
 * GET without body; 307/308 repeat the method and body. To another origin (scheme, host or port)
 * only content-negotiation headers follow; fetch itself drops just Authorization. Returns undefined
 * when the answer is not a followable redirect.
 */
export function followRedirect(response: Response, current: Hop): Hop | undefined {
  const location = response.headers.get('location');
  if (!REDIRECT_STATUSES.has(response.status) || location === null) return undefined;
  const url = new URL(location, current.url);
  const headers = new Headers(current.headers);
  if (url.origin !== current.url.origin) {
    for (const name of [...headers.keys()]) if (!CROSS_ORIGIN_HEADERS.has(name)) headers.delete(name);
  }
  const becomesGet = response.status === 303 || (response.status <= 302 && current.method === 'POST');
  if (!becomesGet) return { ...current, url, headers };
  headers.delete('content-type');
  headers.delete('content-length');
  return { url, method: current.method === 'HEAD' ? 'HEAD' : 'GET', body: undefined, headers };
}
