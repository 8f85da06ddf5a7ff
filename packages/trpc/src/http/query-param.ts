/**
 * The first value of a query parameter of a request's raw URL, decoded as `URLSearchParams` decodes
 * it, without parsing the rest of the query: for judging a request before Fastify has. Null when
 * absent, when its name is written percent-encoded, or when its value does not decode; a caller
 * that must be exact then leaves the request to the full parse.
 */
export function queryParam(url: string, name: string): string | null {
  const key = `${name}=`;
  let at = url.indexOf('?');
  while (at >= 0) {
    const start = at + 1;
    const next = url.indexOf('&', start);
    if (url.startsWith(key, start)) {
      const value = url.slice(start + key.length, next < 0 ? undefined : next);
      try {
        return decodeURIComponent(value.replaceAll('+', ' '));
      } catch {
        return null;
      }
    }
    at = next;
  }
  return null;
}
