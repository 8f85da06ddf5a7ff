const REDACTED = '[REDACTED]';

/**
 * Query parameters whose values are whole request inputs: tRPC's `input` and GraphQL's
 * `query`/`variables`/`extensions` (a careless client can put a login's password there).
 */
const INPUT_PARAMETERS = new Set(['input', 'query', 'variables', 'extensions']);

/**
 * Words that make any parameter a credential wherever they appear in its name: `token` (ingestion,
 * the acknowledge link, `access_token`, `refreshToken`, …), `apikey`, `password`, `secret`.
 */
const CREDENTIAL_WORDS = ['token', 'apikey', 'password', 'passwd', 'secret'];

/** Percent-decoding stops after this many rounds; what is still encoded is compared as it is. */
const MAX_DECODE_ROUNDS = 4;

/**
 * The request URL as logs may show it. In the path, everything after a token-carrying segment is
 * replaced: a `…-alert` segment (the webhook token of `/api/v1/{type}-alert/{token}`) or an `ack`
 * segment (the acknowledge page `/ack/{token}`). A segment that names one only once decoded or
 * split (`grafana-alert%2F…`, `ack;x`, `..%2Fack`) is replaced along with the rest. In the query,
 * the values of credential parameters are replaced; `;` and `?` separate parameters as `&` does.
 * Names are compared percent-decoded (repeatedly) and without case; parameter names by their
 * letters and digits alone, so `%74oken`, `token[]`, ` token` and `x[token]` are all `token`. What
 * cannot be told apart is redacted rather than shown.
 */
export function redactedUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? undefined : url.slice(queryStart + 1);
  return query === undefined ? redactedPath(path) : `${redactedPath(path)}?${redactedQuery(query)}`;
}

function redactedPath(path: string): string {
  const segments = path.split('/');
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] ?? '';
    if (!carriesToken(segment)) continue;
    const before = segments.slice(0, i);
    // Only a segment that is the bare name can be shown; the token is in what follows.
    if (/^[A-Za-z0-9_-]+$/.test(segment)) {
      const rest = segments.slice(i + 1).join('');
      return [...before, segment, ...(rest === '' ? segments.slice(i + 1) : [REDACTED])].join('/');
    }
    return [...before, REDACTED].join('/');
  }
  return path;
}

/** Whether any name in the segment, decoded and split at anything but letters, digits, `-` and `_`, is a token's. */
function carriesToken(segment: string): boolean {
  return fullyDecoded(segment)
    .toLowerCase()
    .split(/[^a-z0-9_-]+/)
    .some((name) => name === 'ack' || name.endsWith('-alert'));
}

function redactedQuery(query: string): string {
  return query.split('&').map(redactedPair).join('&');
}

/**
 * One `&`-separated pair. Some parsers also split at `;` and a stray `?`, so a credential name may
 * follow either; from the first one on, the rest of the pair is taken for its value, since a value
 * may hold `;` or `?` too.
 */
function redactedPair(pair: string): string {
  for (const match of pair.matchAll(/(?:^|[;?])([^;?=]*)=/g)) {
    if (isSecretParameter(match[1] ?? ''))
      return `${pair.slice(0, match.index + match[0].length)}${REDACTED}`;
  }
  return pair;
}

function isSecretParameter(rawName: string): boolean {
  const words = fullyDecoded(rawName)
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const joined = words.join('');
  return (
    words.some((word) => INPUT_PARAMETERS.has(word)) ||
    CREDENTIAL_WORDS.some((credential) => joined.includes(credential))
  );
}

/**
 * Percent-decoded (`+` as a space) until nothing changes, so double encoding hides nothing. Each
 * `%XX` is decoded on its own, as one Latin-1 character: a malformed sequence elsewhere cannot stop
 * the decoding, and names are compared by their ASCII letters anyway.
 */
function fullyDecoded(text: string): string {
  let current = text;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    const next = current
      .replaceAll('+', ' ')
      .replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    if (next === current) return current;
    current = next;
  }
  return current;
}
