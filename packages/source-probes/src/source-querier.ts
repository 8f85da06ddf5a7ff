import type { DataSourceQuerier } from '@oncall/core';
import { createHostFetch } from '@oncall/net-guard';
import { type FetchLike, type SourceContext, SourceQueryError } from '@oncall/plugin-sdk';
import { readBoundedBody } from './bounded-json';
import { timeLimitMs, tlsSettings } from './connection-settings';
import { credentialHeaders } from './credentials';
import { failureMessage } from './failure-message';
import { INTERNAL_NETWORKS } from './internal-networks';

export interface SourceQuerierOptions {
  /**
   * One query of a data source whose target carries no options, every request of it included,
   * ends after this long. Default 5000. A target's `options.timeoutMs` (the source's own limit)
   * replaces it.
   */
  readonly timeoutMs?: number;
  /** No query runs longer, whatever its target or call asks. Default 60000, the longest a source may set. */
  readonly maxTimeoutMs?: number;
  /** The longest answer body read; a longer one fails the query. Default 4 MiB. */
  readonly maxBodyBytes?: number;
}

const DEFAULT_TIMEOUT_MS = 5_000;
const DEFAULT_MAX_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

/** Query hooks log nothing the host keeps yet; their failures come back as the reason. */
const quietLogger: SourceContext['logger'] = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/**
 * Runs a source plugin's query hooks (`listRules`, `listLabels`, …) against a data source, with
 * the same guard as the status check: HTTP(S) only, through the SSRF guard opened for internal
 * networks (see INTERNAL_NETWORKS), redirects refused rather than followed, and every request kept
 * to the data source's own origin, so the credentials (sent as the plugin's `probe` plan says)
 * never travel to an address the admin did not enter. Each query has one time limit (on
 * `ctx.signal` and on every request): the least of the call's `timeoutMs`, the target's
 * `options.timeoutMs` (else `timeoutMs` here) and `maxTimeoutMs`. The target's TLS options
 * (skip verification, an extra CA, a server name) apply to its connections. Bodies are read up to a
 * bound, and the query's connection pool is closed afterwards. Resolves, never rejects: a failure
 * is `{ ok: false, reason }`.
 *
 * @example const core = createCore({ ..., dataSourceQuerier: createSourceQuerier() });
 * @example await querier.query(target, run, { timeoutMs: evaluationBudgetMs }); // never longer than the source's limit
 */
export function createSourceQuerier(options: SourceQuerierOptions = {}): DataSourceQuerier {
  const limits = {
    defaultMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxMs: options.maxTimeoutMs ?? DEFAULT_MAX_TIMEOUT_MS,
  };
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  return {
    async query(target, run, call = {}) {
      const { connection, plan } = target;
      const timeoutMs = timeLimitMs(limits, target.options, call.timeoutMs);
      const host = createHostFetch({ allowedAddresses: INTERNAL_NETWORKS, tls: tlsSettings(target.options) });
      const signal = AbortSignal.timeout(timeoutMs);
      const origin = new URL(connection.url).origin;
      const credentials = plan
        ? credentialHeaders({
            plan,
            apiToken: connection.apiToken ?? null,
            username: connection.username ?? null,
            password: connection.password ?? null,
          })
        : {};
      const fetch: FetchLike = async (input, init = {}) => {
        const url = new URL(input);
        if (url.origin !== origin) {
          throw new SourceQueryError(`Refused a request to ${url.origin}: not the data source's address.`);
        }
        const headers = new Headers(init.headers);
        for (const [name, value] of Object.entries(credentials)) {
          if (!headers.has(name)) headers.set(name, value);
        }
        const response = await host.fetch(url, {
          ...init,
          headers: Object.fromEntries(headers),
          // The hook's own signal may only shorten the query, never lengthen it.
          signal: init.signal ? AbortSignal.any([init.signal, signal]) : signal,
          redirect: 'manual',
        });
        const location = response.headers.get('location');
        if (response.status >= 300 && response.status < 400 && location !== null) {
          await response.body?.cancel();
          const to = new URL(location, url).href;
          throw new SourceQueryError(
            `Redirected from ${url.pathname} to ${to}; enter the address it redirects to.`,
          );
        }
        const body = await readBoundedBody(response, maxBodyBytes);
        if (body === undefined) {
          throw new SourceQueryError(
            `The answer from ${url.pathname} is longer than ${Math.round(maxBodyBytes / 1024)} KiB.`,
          );
        }
        // A body already read, so a hook parsing it waits on nothing and holds no connection.
        return new Response(body.byteLength > 0 ? new Uint8Array(body) : null, {
          status: response.status,
          statusText: response.statusText,
          headers: response.headers,
        });
      };
      const ctx: SourceContext = { fetch, logger: quietLogger, clock: { now: () => new Date() }, signal };
      try {
        return { ok: true, value: await withDeadline(run(connection, ctx), signal) };
      } catch (error) {
        return { ok: false, reason: reasonOf(error, signal.aborted, timeoutMs) };
      } finally {
        await host.close();
      }
    },
  };
}

/**
 * The hook's promise, or a rejection once the signal fires: a hook that ignores its signal (waits
 * on something else) still cannot hold the caller past the limit.
 */
function withDeadline<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** The plugin's own words when it gave some, else what the connection failure was. */
function reasonOf(error: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return failureMessage(error, true, timeoutMs);
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current instanceof SourceQueryError) return current.message;
  }
  return failureMessage(error, false, timeoutMs);
}
