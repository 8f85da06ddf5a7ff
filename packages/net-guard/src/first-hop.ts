import type { Hop } from './redirect';

/**
 * Turns fetch arguments into the first hop, reading the body into bytes once so that any body type
 * fetch accepts can be repeated on a 307/308 redirect, with the content type fetch would have set.
 */
export async function firstHop(input: string | URL, init: RequestInit): Promise<Hop> {
  const headers = new Headers(init.headers);
  const method = (init.method ?? 'GET').toUpperCase();
  if (init.body === undefined || init.body === null)
    return { url: new URL(input), method, body: undefined, headers };
  const carrier = new Response(init.body);
  const contentType = carrier.headers.get('content-type');
  if (contentType !== null && !headers.has('content-type')) headers.set('content-type', contentType);
  return { url: new URL(input), method, body: new Uint8Array(await carrier.arrayBuffer()), headers };
}
