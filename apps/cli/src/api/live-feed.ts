import { CliError } from '../errors/cli-error';
import { ExitCode } from '../errors/exit-codes';
import type { StoredSession } from '../session/stored-session';
import { type ApiClient, LOG_IN_AGAIN, unreachable } from './api-client';

export interface LiveBatch {
  id: string | undefined;
  events: { kind: string; ruleId?: string; change?: string }[];
}

export interface LiveFeedHandlers {
  onOpen(): void;
  onBatch(batch: LiveBatch): void;
  /** The feed is down and will be tried again in `retryMs`. */
  onDown(reason: string, retryMs: number): void;
}

interface Frame {
  event: string;
  data: string;
  id: string | undefined;
}

/** Splits server-sent events on blank lines; `data:` lines of one event are joined by line breaks. */
async function* frames(body: ReadableStream<Uint8Array>): AsyncGenerator<Frame> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true }).replace(/\r\n?/g, '\n');
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const frame: Frame = { event: 'message', data: '', id: undefined };
      const data: string[] = [];
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') frame.event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'id') frame.id = value;
      }
      if (block.trim() === '') continue;
      frame.data = data.join('\n');
      yield frame;
    }
  }
}

class SessionRefused extends Error {}

const MAX_RETRY_MS = 30_000;

/**
 * `GET /trpc/live.events`, the server's live feed (docs/api.md): batches of alert and delivery events
 * in commit order. It reconnects on its own with the last event id (the server replays what it
 * missed) and renews the access token once when the server refuses it. Ends when `signal` aborts;
 * rejects with the refresh's error when the session cannot be renewed.
 */
export async function followLiveFeed(
  client: ApiClient,
  handlers: LiveFeedHandlers,
  signal: AbortSignal,
): Promise<void> {
  let lastEventId: string | undefined;
  let retryMs = 500;
  let current: StoredSession = await client.currentSession();
  let refreshedAt = 0;
  while (!signal.aborted) {
    try {
      await streamOnce(client, current.accessToken, lastEventId, signal, {
        onOpen: () => {
          retryMs = 500;
          handlers.onOpen();
        },
        onBatch: (batch) => {
          lastEventId = batch.id ?? lastEventId;
          handlers.onBatch(batch);
        },
      });
      if (signal.aborted) return;
      handlers.onDown('the server closed the feed', retryMs);
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof SessionRefused) {
        // A token refused right after its renewal will not do better a third time.
        if (Date.now() - refreshedAt < 10_000) {
          throw new CliError(ExitCode.auth, `The live feed refused the renewed session; ${LOG_IN_AGAIN}`);
        }
        current = await client.refresh(current);
        refreshedAt = Date.now();
        continue;
      }
      handlers.onDown(unreachable(client.address, error).message, retryMs);
    }
    await new Promise((resolve) => setTimeout(resolve, retryMs));
    retryMs = Math.min(MAX_RETRY_MS, retryMs * 2);
  }
}

async function streamOnce(
  client: ApiClient,
  accessToken: string,
  lastEventId: string | undefined,
  signal: AbortSignal,
  handlers: Pick<LiveFeedHandlers, 'onOpen' | 'onBatch'>,
): Promise<void> {
  const headers: Record<string, string> = { ...client.headers(accessToken), accept: 'text/event-stream' };
  if (lastEventId) headers['last-event-id'] = lastEventId;
  const response = await fetch(client.url('/trpc/live.events', { input: '{}' }), { headers, signal });
  if (response.status === 401) throw new SessionRefused();
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
  for await (const frame of frames(response.body)) {
    if (frame.event === 'connected') handlers.onOpen();
    else if (frame.event === 'serialized-error') {
      if (frame.data.includes('UNAUTHORIZED')) throw new SessionRefused();
      throw new Error(`live feed error: ${frame.data.slice(0, 200)}`);
    } else if (frame.event === 'return') return;
    else if (frame.event === 'message' && frame.data) {
      const parsed = JSON.parse(frame.data) as { events?: LiveBatch['events'] };
      handlers.onBatch({ id: frame.id, events: parsed.events ?? [] });
    }
  }
}
