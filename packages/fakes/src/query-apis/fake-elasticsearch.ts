import type { MonitoringRequest } from '../fake-monitoring-system';
import { type FakeReply, jsonReply } from '../fake-reply';
import { startRecordingHttpServer } from '../recording-http-server';
import { type FakeQueryApi, type FakeQueryMode, modeReply, recordRequest } from './fake-query-api';

export interface FakeElasticsearchOptions {
  /** How the query paths answer at first (`setMode` changes it); `answer` by default. */
  readonly mode?: FakeQueryMode;
  /** What `_count` answers; 0 by default. */
  readonly count?: number;
  /** The indices (or patterns, matched exactly) that exist; any by default. */
  readonly indices?: readonly string[];
}

/** A fake Elasticsearch's `_count` API; its setters apply to the requests that follow. */
export interface FakeElasticsearch extends FakeQueryApi {
  /** The index and parsed JSON body of every `_count` request, in order. */
  readonly counts: readonly { readonly index: string; readonly body: unknown }[];
  setCount(count: number): void;
  /** Shards that fail from now on: the answer stays 200 with `_shards.failed` and `failures`. */
  setFailedShards(failed: number): void;
}

// https://www.elastic.co/guide/en/elasticsearch/reference/current/search-count.html: a count is
// `{ count, _shards: { total, successful, skipped, failed } }`; errors are
// `{ error: { root_cause: [{ type, reason }], type, reason }, status }` with the HTTP status
// (https://www.elastic.co/guide/en/elasticsearch/reference/current/common-options.html).
const queryError = {
  error: {
    root_cause: [
      {
        type: 'query_shard_exception',
        reason: 'Failed to parse query [status:>]',
        index: 'logs-2024.05.01',
      },
    ],
    type: 'search_phase_execution_exception',
    reason: 'all shards failed',
    phase: 'query',
  },
  status: 400,
};

const indexNotFound = (index: string) => ({
  error: {
    root_cause: [{ type: 'index_not_found_exception', reason: `no such index [${index}]`, index }],
    type: 'index_not_found_exception',
    reason: `no such index [${index}]`,
    index,
  },
  status: 404,
});

/**
 * A fake Elasticsearch answering `POST /<index>/_count` (and `GET /` as a cluster does) in the
 * documented shapes. In `error` mode a count answers 400 as a query Elasticsearch cannot parse;
 * in `malformed` mode a 200 without `count`; an index outside `indices` answers 404
 * `index_not_found_exception`.
 *
 * @example
 * const elastic = await startFakeElasticsearch({ count: 42 });
 * elastic.setCount(3); // the next counts answer 3
 */
export async function startFakeElasticsearch(
  options: FakeElasticsearchOptions = {},
): Promise<FakeElasticsearch> {
  let count = options.count ?? 0;
  let failedShards = 0;
  let mode: FakeQueryMode = options.mode ?? 'answer';
  const counts: { index: string; body: unknown }[] = [];

  const answer = (): FakeReply => {
    const total = Math.max(1, failedShards);
    const shards = { total, successful: total - failedShards, skipped: 0, failed: failedShards };
    const failures =
      failedShards > 0
        ? {
            failures: [
              { shard: 0, index: 'logs', reason: { type: 'node_not_connected_exception', reason: 'gone' } },
            ],
          }
        : {};
    return jsonReply(200, { count, _shards: { ...shards, ...failures } });
  };

  const reply = (request: MonitoringRequest): FakeReply => {
    const index = /^\/([^/]+)\/_count$/.exec(request.path)?.[1];
    if (index === undefined) {
      return request.method === 'GET' && request.path === '/'
        ? jsonReply(200, { cluster_name: 'fake', version: { number: '8.14.3' } })
        : jsonReply(404, indexNotFound(request.path));
    }
    const name = decodeURIComponent(index);
    let body: unknown;
    try {
      body = JSON.parse(request.body || '{}');
    } catch {
      body = request.body;
    }
    counts.push({ index: name, body });
    if (options.indices !== undefined && !options.indices.includes(name)) {
      return jsonReply(404, indexNotFound(name));
    }
    return (
      modeReply(mode, {
        error: () => jsonReply(400, queryError),
        malformed: () => jsonReply(200, { _shards: { total: 1, successful: 1, skipped: 0, failed: 0 } }),
      }) ?? answer()
    );
  };

  const server = await startRecordingHttpServer<MonitoringRequest>({
    record: recordRequest,
    defaultReply: reply,
  });
  return {
    ...server,
    counts,
    setMode: (next) => {
      mode = next;
    },
    setCount: (next) => {
      count = next;
    },
    setFailedShards: (failed) => {
      failedShards = failed;
    },
  };
}
