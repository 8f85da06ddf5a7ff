const REDACTED = '[REDACTED]';

/**
 * Query parameters whose values are credentials or whole request inputs: `token` (ingestion, the
 * acknowledge link), tRPC's `input` and GraphQL's `query`/`variables`/`extensions` (a careless client
 * can put a login's password there), and the usual names of credentials.
 */
const SECRET_PARAMETERS = new Set([
  'token',
  'access_token',
  'refresh_token',
  'api_token',
  'apikey',
  'api_key',
  'password',
  'secret',
  'input',
  'query',
  'variables',
  'extensions',
]);

/**
 * The request URL as logs may show it: the segment after a `…-alert` segment (the webhook token of
 * `/api/v1/{type}-alert/{token}` and of any path under it) and after an `ack` segment (the
 * acknowledge page `/ack/{token}`) are replaced, and so are the values of credential parameters.
 * Segments and names are compared without case, so a mistyped path hides its token too.
 */
export function redactedUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? undefined : url.slice(queryStart + 1);
  return query === undefined ? redactedPath(path) : `${redactedPath(path)}?${redactedQuery(query)}`;
}

function redactedPath(path: string): string {
  const segments = path.split('/');
  for (let i = 1; i < segments.length; i++) {
    const previous = decoded(segments[i - 1] ?? '').toLowerCase();
    if (segments[i] && (previous.endsWith('-alert') || previous === 'ack')) segments[i] = REDACTED;
  }
  return segments.join('/');
}

function redactedQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return equals !== -1 && SECRET_PARAMETERS.has(decoded(name).toLowerCase())
        ? `${name}=${REDACTED}`
        : pair;
    })
    .join('&');
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}
