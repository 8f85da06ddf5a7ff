import type { MonitoringRequest } from '../fake-monitoring-system';
import { type FakeReply, hangReply } from '../fake-reply';
import type { RecordedHttpRequest, RecordingHttpServer } from '../recording-http-server';

/**
 * How a fake query API answers from now on: as the vendor does (`answer`), with the vendor's own
 * error answer (`error`), never (`hang`, until the client gives up), or with a 200 whose body is
 * not the vendor's shape (`malformed`).
 */
export type FakeQueryMode = 'answer' | 'error' | 'hang' | 'malformed';

/** What every fake query API offers besides the recording server's requests and script. */
export interface FakeQueryApi extends RecordingHttpServer<MonitoringRequest> {
  /** Switches how the query paths answer, until the next call. `replyNext` still goes first. */
  setMode(mode: FakeQueryMode): void;
}

/** A request as the fakes record it: the path, the query, the credentials and the body. */
export function recordRequest({ method, url, headers, body }: RecordedHttpRequest): MonitoringRequest {
  return {
    method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    authorization: headers.authorization,
    apiKey: typeof headers['x-api-key'] === 'string' ? headers['x-api-key'] : undefined,
    body,
  };
}

/** The reply of a query path in a mode other than `answer`; undefined for `answer`. */
export function modeReply(
  mode: FakeQueryMode,
  replies: { readonly error: () => FakeReply; readonly malformed: () => FakeReply },
): FakeReply | undefined {
  if (mode === 'hang') return hangReply;
  if (mode === 'error') return replies.error();
  if (mode === 'malformed') return replies.malformed();
  return undefined;
}

/** The query string's value, or the form body's (a POST with `application/x-www-form-urlencoded`). */
export function param(request: MonitoringRequest, name: string): string | undefined {
  return request.query[name] ?? new URLSearchParams(request.body).get(name) ?? undefined;
}
