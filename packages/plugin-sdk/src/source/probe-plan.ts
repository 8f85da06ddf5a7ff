/**
 * One request that shows a data source is up: a path under its URL, and what counts as an answer.
 * A 2xx answer counts, unless `accept` says otherwise about its JSON body.
 *
 * @example { method: 'GET', path: '/api/v1/status/buildinfo' }
 * @example { method: 'GET', path: '/services/server/info', query: { output_mode: 'json' } }
 */
export interface ProbeStep {
  readonly method: 'GET' | 'POST';
  /** Appended to the data source's URL, keeping its base path (Grafana under `/grafana`). */
  readonly path: string;
  readonly query?: Readonly<Record<string, string>>;
  /** Sent as the JSON body of a POST. */
  readonly json?: unknown;
  /** Checked on the JSON body of a 2xx answer, for APIs that report failures with 200. */
  readonly accept?: (body: unknown) => boolean;
}

/**
 * How the probe presents a data source's API token: `Authorization: Bearer …`,
 * `Authorization: ApiKey …`, an `x-api-key` header, or not at all (where the probe must not
 * authenticate).
 *
 * @example 'api-key' // Elasticsearch
 */
export type ProbeTokenScheme = 'bearer' | 'api-key' | 'x-api-key' | 'none';

/**
 * How the host checks that a data source of this type can be reached with the connection an admin
 * entered (`GET /data-source/{id}/status`). Steps are tried in order until one answers 2xx, as
 * products and versions differ in what they serve; a redirect is reported, never followed. An API
 * token wins over a user name and password when both are set.
 *
 * @example
 * {
 *   steps: [{ method: 'GET', path: '/api/v1/status/buildinfo' }, { method: 'GET', path: '/-/healthy' }],
 *   token: 'bearer',
 *   basic: true, // username and password go as HTTP basic authentication
 * }
 */
export interface ProbePlan {
  readonly steps: readonly [ProbeStep, ...ProbeStep[]];
  readonly token: ProbeTokenScheme;
  /** Whether username and password are sent as HTTP basic authentication. */
  readonly basic: boolean;
}
