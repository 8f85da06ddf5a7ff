import type { Readable } from 'node:stream';
import { type Dispatcher, request } from 'undici';
import { ASSERTION_HEADER } from './zone-assertion';
import { FORWARD_TIMEOUT_MS, unreachableZone, zoneUrl } from './zone-forwarder';

/** A streamed request to an agent (the live feed): a GET, its path and query, and the stream's resume point. */
export interface StreamedRequest {
  /** Path and query to ask the agent for, without the caller's credentials. */
  path: string;
  /** The last event the client had (`Last-Event-Id`), passed on so the agent replays what followed. */
  lastEventId?: string | undefined;
  requestId?: string | undefined;
}

export interface StreamedAnswer {
  status: number;
  contentType: string | undefined;
  /** The agent's body as it arrives; ends when the agent ends it, the link drops or `signal` aborts. */
  body: Readable;
}

/**
 * Opens a stream at an agent with the main's assertion. The bound applies until the agent's status
 * and headers arrive (15 s, never a hang); after that the stream may stay quiet as long as the
 * feed has nothing to say, and lasts until either side ends it. Aborting `signal` (the client gone)
 * closes the connection to the agent.
 */
export async function streamFromZone(
  zone: { name: string; url: string },
  streamed: StreamedRequest,
  assertion: string,
  dispatcher: Dispatcher,
  signal: AbortSignal,
  timeoutMs = FORWARD_TIMEOUT_MS,
): Promise<StreamedAnswer> {
  const headers: Record<string, string> = { [ASSERTION_HEADER]: assertion, accept: 'text/event-stream' };
  if (streamed.lastEventId) headers['last-event-id'] = streamed.lastEventId;
  if (streamed.requestId) headers['x-request-id'] = streamed.requestId;
  const opening = new AbortController();
  const timer = setTimeout(() => opening.abort(), timeoutMs);
  try {
    const answer = await request(zoneUrl(zone.url, streamed.path), {
      method: 'GET',
      headers,
      dispatcher,
      signal: AbortSignal.any([signal, opening.signal]),
      headersTimeout: timeoutMs,
      bodyTimeout: 0,
    });
    const contentType = answer.headers['content-type'];
    return {
      status: answer.statusCode,
      contentType: typeof contentType === 'string' ? contentType : undefined,
      body: answer.body,
    };
  } catch (error) {
    throw unreachableZone(zone, error, opening.signal.aborted, timeoutMs);
  } finally {
    clearTimeout(timer);
  }
}
