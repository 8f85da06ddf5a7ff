import { textReply } from './fake-reply';
import { type RecordingHttpServer, startRecordingHttpServer } from './recording-http-server';

/** One webhook delivery as the receiver saw it. */
export interface WebhookDelivery {
  readonly path: string;
  readonly contentType: string | undefined;
  readonly body: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  readonly json: unknown;
}

/** A generic incoming-webhook receiver (Teams, Mattermost, anything that POSTs JSON). */
export interface FakeWebhookReceiver extends RecordingHttpServer<WebhookDelivery> {
  /** Answers the next delivery with this status (and Retry-After when given). */
  failNext(status: number, options?: { readonly retryAfterSeconds?: number }): void;
}

export interface FakeWebhookReceiverOptions {
  /** What a successful delivery answers: Mattermost says `ok`, a Teams connector `1`. */
  readonly successBody?: string;
  readonly successStatus?: number;
}

export async function startFakeWebhookReceiver(
  options: FakeWebhookReceiverOptions = {},
): Promise<FakeWebhookReceiver> {
  const success = textReply(options.successStatus ?? 200, options.successBody ?? 'ok');
  const server = await startRecordingHttpServer<WebhookDelivery>({
    record: ({ url, headers, body }) => ({
      path: url.pathname,
      contentType: headers['content-type'],
      body,
      json: parseJson(body),
    }),
    defaultReply: () => success,
  });
  return {
    ...server,
    failNext(status, failure = {}) {
      const retryAfter = failure.retryAfterSeconds;
      server.replyNext(
        textReply(
          status,
          `error ${status}`,
          retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) },
        ),
      );
    },
  };
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
