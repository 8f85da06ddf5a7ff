import { createServer, type IncomingHttpHeaders, type RequestListener } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { ArrivalCounter } from './arrival-counter';
import { type FakeReply, writeReply } from './fake-reply';
import { closeServer, listenLocal } from './listen-local';
import type { TestCertificate } from './self-signed-certificate';

/** A request as an HTTP fake saw it. */
export interface RecordedHttpRequest {
  readonly method: string;
  readonly url: URL;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** An HTTP server on 127.0.0.1 that records requests and answers from a script, then a default. */
export interface RecordingHttpServer<Recorded> {
  readonly url: string;
  readonly requests: readonly Recorded[];
  /** When each of `requests` arrived, in `performance.now()` milliseconds, in the same order. */
  readonly arrivedAt: readonly number[];
  /** Queues answers for the next requests, in order; afterwards the default answer resumes. */
  replyNext(...replies: FakeReply[]): void;
  /** Resolves once at least `count` requests have arrived. */
  waitForRequests(count: number): Promise<void>;
  close(): Promise<void>;
}

export interface RecordingHttpServerOptions<Recorded> {
  /** Turns a raw request into what tests assert on. */
  record(request: RecordedHttpRequest): Recorded;
  /** The answer when nothing is queued. */
  defaultReply(recorded: Recorded): FakeReply;
  /** Speak HTTPS with this certificate; `url` then starts with https://. */
  tls?: TestCertificate;
}

export async function startRecordingHttpServer<Recorded>(
  options: RecordingHttpServerOptions<Recorded>,
): Promise<RecordingHttpServer<Recorded>> {
  const requests: Recorded[] = [];
  const arrivedAt: number[] = [];
  const script: FakeReply[] = [];
  const arrivals = new ArrivalCounter();
  const listener: RequestListener = async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(Buffer.from(chunk));
    const recorded = options.record({
      method: request.method ?? 'GET',
      url: new URL(request.url ?? '/', 'http://127.0.0.1'),
      headers: request.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    });
    requests.push(recorded);
    arrivedAt.push(performance.now());
    arrivals.arrived();
    writeReply(response, script.shift() ?? options.defaultReply(recorded));
  };
  const { tls } = options;
  const server = tls ? createHttpsServer({ key: tls.key, cert: tls.cert }, listener) : createServer(listener);
  const port = await listenLocal(server);
  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    requests,
    arrivedAt,
    replyNext: (...replies) => script.push(...replies),
    waitForRequests: (count) => arrivals.atLeast(count),
    async close() {
      server.closeAllConnections();
      await closeServer(server);
    },
  };
}
