import { readFileSync } from 'node:fs';
import { type DomainError, zoneUnreachable } from '@oncall/core';
import { Agent, type Dispatcher, request } from 'undici';
import { ASSERTION_HEADER } from './zone-assertion';

/** How long a forwarded call may take, connection to last byte: never a hang. */
export const FORWARD_TIMEOUT_MS = 15_000;

/** What a forwarded request carries: the caller's path and body, never its token. */
export interface ForwardedRequest {
  method: string;
  /** Path and query as the main received them (`/api/v1/alert-rule?page=2`). */
  path: string;
  body?: unknown;
  contentType?: string | undefined;
  requestId?: string | undefined;
}

export interface ForwardedAnswer {
  status: number;
  contentType: string | undefined;
  body: Buffer;
}

/**
 * The HTTP client the main and its agents talk to each other with: TLS verification always on,
 * with an extra CA bundle (`ZONE_CA_FILE`) for zones behind a private authority.
 */
export function zoneDispatcher(caFile?: string): Dispatcher {
  const ca = caFile ? readFileSync(caFile, 'utf8') : undefined;
  return new Agent({ connect: ca ? { ca, rejectUnauthorized: true } : { rejectUnauthorized: true } });
}

/** `base` (the zone's URL, maybe under a sub-path) joined with an absolute path. */
export function zoneUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * Sends one request to an agent with the main's assertion and answers the agent's status and body.
 * Not reaching it, or no full answer within the bound, is `zone_unreachable` (502).
 */
export async function forwardToZone(
  zone: { name: string; url: string },
  forwarded: ForwardedRequest,
  assertion: string,
  dispatcher: Dispatcher,
  timeoutMs = FORWARD_TIMEOUT_MS,
): Promise<ForwardedAnswer> {
  const headers: Record<string, string> = { [ASSERTION_HEADER]: assertion, accept: 'application/json' };
  if (forwarded.requestId) headers['x-request-id'] = forwarded.requestId;
  const hasBody = forwarded.body !== undefined && !['GET', 'HEAD', 'DELETE'].includes(forwarded.method);
  if (hasBody) headers['content-type'] = 'application/json';
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const answer = await request(zoneUrl(zone.url, forwarded.path), {
      method: forwarded.method as Dispatcher.HttpMethod,
      headers,
      body: hasBody ? JSON.stringify(forwarded.body) : undefined,
      dispatcher,
      signal,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    const body = Buffer.from(await answer.body.arrayBuffer());
    const contentType = answer.headers['content-type'];
    return {
      status: answer.statusCode,
      contentType: typeof contentType === 'string' ? contentType : undefined,
      body,
    };
  } catch (error) {
    throw unreachableZone(zone, error, signal.aborted, timeoutMs);
  }
}

/** undici's own bounds on a request's headers and body, set to the same bound as the caller's. */
const UNDICI_TIMEOUTS = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/**
 * `zone_unreachable` for a request to `zone` that failed with `error`: "did not answer within" when
 * the bound passed, whichever timer saw it first (the caller's abort, or undici's headers or body
 * timeout, which fire in the same turn under load), else "could not be reached" with the reason.
 */
export function unreachableZone(
  zone: { name: string },
  error: unknown,
  aborted: boolean,
  timeoutMs: number,
): DomainError {
  const code = codeOf(error);
  const reason =
    aborted || (code !== undefined && UNDICI_TIMEOUTS.has(code))
      ? `did not answer within ${Math.round(timeoutMs / 1000)} s`
      : `could not be reached (${code ?? (error instanceof Error ? error.message : 'unknown error')})`;
  return zoneUnreachable(`The zone "${zone.name}" ${reason}.`);
}

/** The error's code, or its cause's (a failed `fetch` wraps the socket's error). */
function codeOf(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const cause = error.cause instanceof Error ? (error.cause as Error & { code?: unknown }).code : undefined;
  const code = (error as Error & { code?: unknown }).code;
  return typeof cause === 'string' ? cause : typeof code === 'string' ? code : undefined;
}
