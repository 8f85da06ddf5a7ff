const REDACTED = '[REDACTED]';

/**
 * Query parameters whose values logs may show: the list filters, pagination and cursors of the
 * REST, tRPC and GraphQL faces, none of which carries a credential. Every other parameter's value
 * is redacted, whatever its name (`connectionParams`, `auth`, `key`, `sig`, `code`, a name no one
 * thought of): a new credential parameter is hidden until someone lists it here. Whole request
 * inputs (tRPC's `input`, GraphQL's `query`, `variables` and `extensions`) are never listed, since a
 * careless client can put a password there.
 */
const SHOWN_PARAMETERS = new Set(
  [
    'page',
    'perPage',
    'name',
    'username',
    'alertname',
    'userId',
    'endpointId',
    'dataSourceId',
    'type',
    'types',
    'tags',
    'status',
    'silentStatus',
    'alertRuleIds',
    'fromTime',
    'toTime',
    'from',
    'to',
    'bucketCount',
    'direction',
    'batch',
    'lastEventId',
    // A heartbeat ping's run id and instance key: names its sender chose for a run and a host.
    'rid',
    'instance',
    // A schedule's on-call instant and calendar range.
    'at',
    'until',
    'operationName',
  ].map((name) => name.toLowerCase()),
);

/** Percent-decoding stops after this many rounds; what is still encoded is compared as it is. */
const MAX_DECODE_ROUNDS = 4;

/**
 * The request URL as logs may show it. In the path, everything after a token-carrying segment is
 * replaced: a `…-alert` segment (the webhook token of `/api/v1/{type}-alert/{token}`), a `heartbeat`
 * segment (the ping URL `/api/v1/heartbeat/{token}`) or an `ack` segment (the acknowledge page
 * `/ack/{token}`). A segment that names one only once decoded or
 * split (`grafana-alert%2F…`, `ack;x`, `..%2Fack`) is replaced along with the rest. In the query,
 * the values of all parameters but the known harmless ones (SHOWN_PARAMETERS) are replaced, and so
 * is a bare word that names none of them; `;` and `?` separate parameters as `&` does. Names are
 * compared percent-decoded (repeatedly) and without case; parameter names by their letters and
 * digits alone, so `%70age`, `page[]`, ` page` and `per_page` are shown, `x[page]` is not. What
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
    .some((name) => name === 'ack' || name === 'heartbeat' || name.endsWith('-alert'));
}

function redactedQuery(query: string): string {
  return query.split('&').map(redactedPair).join('&');
}

/**
 * One `&`-separated pair. Some parsers also split at `;` and a stray `?`, so a parameter may follow
 * either; from the first one not shown on, the rest of the pair is taken for its value, since a
 * value may hold `;` or `?` too. A piece without `=` is a bare word, shown only as a known name.
 */
function redactedPair(pair: string): string {
  let shown = '';
  for (const piece of pair.split(/(?=[;?])/)) {
    const separator = /^[;?]/.test(piece) ? piece.slice(0, 1) : '';
    const body = piece.slice(separator.length);
    const equals = body.indexOf('=');
    const name = equals === -1 ? body : body.slice(0, equals);
    if (body === '' || isShownParameter(name)) shown += piece;
    else if (equals === -1) shown += `${separator}${REDACTED}`;
    else return `${shown}${separator}${name}=${REDACTED}`;
  }
  return shown;
}

function isShownParameter(rawName: string): boolean {
  return SHOWN_PARAMETERS.has(
    fullyDecoded(rawName)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ''),
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
