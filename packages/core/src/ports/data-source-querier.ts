import type { ProbePlan, SourceConnection, SourceContext } from '@oncall/plugin-sdk';

/**
 * A data source to query: its connection with the secrets opened, and its plugin's `probe` plan,
 * whose `token` and `basic` say how the host presents the credentials on every request (as the
 * status check does). Without a plan the host sends no credentials; the plugin may still use
 * them from `connection` (Zabbix logs in with them).
 */
export interface DataSourceQueryTarget {
  connection: SourceConnection;
  plan?: ProbePlan;
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
 * @example const result = await querier.query(target, (source, ctx) => plugin.listLabels(source, ctx));
 */
export interface DataSourceQuerier {
  query<T>(
    target: DataSourceQueryTarget,
    run: (source: SourceConnection, ctx: SourceContext) => Promise<T>,
    options?: DataSourceQueryOptions,
  ): Promise<DataSourceQueryResult<T>>;
}

/**
 * The querier a core gets when its composition root names none (a worker, a unit test): it never
 * connects, and says so, rather than answering an empty list as if the source had none.
 */
export const unconfiguredQuerier: DataSourceQuerier = {
  query: async () => ({ ok: false, reason: 'No data source querying is configured in this process.' }),
};
