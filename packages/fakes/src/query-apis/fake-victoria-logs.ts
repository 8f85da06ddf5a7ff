import type { MonitoringRequest } from '../fake-monitoring-system';
import { type FakeReply, textReply } from '../fake-reply';
import { startRecordingHttpServer } from '../recording-http-server';
import { type FakeQueryApi, type FakeQueryMode, modeReply, param, recordRequest } from './fake-query-api';

export interface FakeVictoriaLogsOptions {
  /** How the query paths answer at first (`setMode` changes it); `answer` by default. */
  readonly mode?: FakeQueryMode;
  /** What `stats count() as hits` answers; 0 by default. */
  readonly hits?: number;
}

/** A fake VictoriaLogs query API; its setters apply to the requests that follow. */
export interface FakeVictoriaLogs extends FakeQueryApi {
  /** The LogsQL and time range of every query received, in order. */
  readonly queries: readonly {
    readonly query: string;
    readonly start: string | undefined;
    readonly end: string | undefined;
  }[];
  setHits(hits: number): void;
}

/**
 * A fake VictoriaLogs answering `/select/logsql/query` (GET or form POST) as it does for a query
 * ending in `| stats count() as hits`: JSON lines, one object per row, stats values as strings
 * (`{"hits":"42"}`), https://docs.victoriametrics.com/victorialogs/querying/#querying-logs and
 * https://docs.victoriametrics.com/victorialogs/logsql/#stats-pipe. The count is the set one
 * whatever the query; a query without a stats pipe answers the same row. In `error` mode it answers
 * 400 with a plain-text message, as VictoriaLogs does for a query it cannot parse; in `malformed`
 * mode a 200 whose line is not JSON. `/-/healthy` answers as the real one.
 *
 * @example
 * const logs = await startFakeVictoriaLogs({ hits: 42 });
 * logs.setHits(0);
 */
export async function startFakeVictoriaLogs(
  options: FakeVictoriaLogsOptions = {},
): Promise<FakeVictoriaLogs> {
  let hits = options.hits ?? 0;
  let mode: FakeQueryMode = options.mode ?? 'answer';
  const queries: { query: string; start: string | undefined; end: string | undefined }[] = [];

  const reply = (request: MonitoringRequest): FakeReply => {
    if (request.path === '/-/healthy') return textReply(200, 'OK');
    if (request.path !== '/select/logsql/query') return textReply(404, 'unsupported path requested');
    const query = param(request, 'query') ?? '';
    queries.push({ query, start: param(request, 'start'), end: param(request, 'end') });
    return (
      modeReply(mode, {
        error: () =>
          textReply(400, `cannot parse query [${query}]: unexpected token ")"; context: [${query}]\n`),
        malformed: () => textReply(200, '{"hits":\n', { 'content-type': 'application/stream+json' }),
      }) ??
      textReply(200, `${JSON.stringify({ hits: String(hits) })}\n`, {
        'content-type': 'application/stream+json',
      })
    );
  };

  const server = await startRecordingHttpServer<MonitoringRequest>({
    record: recordRequest,
    defaultReply: reply,
  });
  return {
    ...server,
    queries,
    setMode: (next) => {
      mode = next;
    },
    setHits: (next) => {
      hits = next;
    },
  };
}
