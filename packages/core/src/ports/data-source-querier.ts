import type { ProbePlan, SourceConnection, SourceContext } from '@oncall/plugin-sdk';

/**
 * How the host connects to one data source, from its stored options (see
 * `dataSourceConnectionOptions`).
 *
 * - `timeoutMs`: one query or status check, every request of it included, ends after this long.
 * - `tls.skipVerify`: accept any server certificate (encrypted, not authenticated).
 * - `tls.ca`: PEM certificates trusted besides the system's roots.
 * - `tls.serverName`: the name sent as SNI and checked against the certificate instead of the
 *   URL's host.
 *
 * @example { timeoutMs: 5000, tls: { skipVerify: false, ca: '-----BEGIN CERTIFICATE-----…' } }
 */
export interface DataSourceConnectionOptions {
  timeoutMs: number;
  tls: { skipVerify: boolean; ca?: string; serverName?: string };
}

/**
 * A data source to query: its connection with the secrets opened, and its plugin's `probe` plan,
 * whose `token` and `basic` say how the host presents the credentials on every request (as the
 * status check does). Without a plan the host sends no credentials; the plugin may still use
 * them from `connection` (Zabbix logs in with them). Without `options` the querier's default time
 * limit and full verification against the system's roots apply; the core always sends the
 * source's stored options.
 */
export interface DataSourceQueryTarget {
  connection: SourceConnection;
  plan?: ProbePlan;
  options?: DataSourceConnectionOptions;
}

/**
 * What one call may narrow: `timeoutMs` shortens this query below the source's own limit (an
 * evaluation with less time left than that), never lengthens it.
 */
export interface DataSourceQueryCallOptions {
  timeoutMs?: number;
}

/** `reason` says why in a few words (`HTTP 401 from /api/v1/rules.`, `No answer within 5 s.`). */
export type DataSourceQueryResult<T> = { ok: true; value: T } | { ok: false; reason: string };

/** Per call: a rule's evaluation timeout (its `queryObject.timeout`), in place of the querier's own limit. */
export interface DataSourceQueryOptions {
  readonly timeoutMs?: number;
}

/**
 * Runs one of a source plugin's query hooks (`listRules`, `listLabels`, …) against a data source.
 * Implemented outside the core (`@oncall/source-probes`) because it speaks HTTP; it must resolve,
 * never reject, and bound its own time.
 *
 * The time limit of a query is the least of the call's `timeoutMs`, the target's `options.timeoutMs`
 * (the querier's default without options) and the querier's upper bound.
 *
 * @example const result = await querier.query(target, (source, ctx) => plugin.listLabels(source, ctx));
 * @example await querier.query(target, (source, ctx) => plugin.pollAlerts(source, ctx), { timeoutMs: 2000 });
 */
export interface DataSourceQuerier {
  query<T>(
    target: DataSourceQueryTarget,
    run: (source: SourceConnection, ctx: SourceContext) => Promise<T>,
    call?: DataSourceQueryCallOptions,
  ): Promise<DataSourceQueryResult<T>>;
}

/**
 * The querier a core gets when its composition root names none (a worker, a unit test): it never
 * connects, and says so, rather than answering an empty list as if the source had none.
 */
export const unconfiguredQuerier: DataSourceQuerier = {
  query: async () => ({ ok: false, reason: 'No data source querying is configured in this process.' }),
};
