import { type FakeReply, jsonReply } from './fake-reply';
import { type RecordingHttpServer, startRecordingHttpServer } from './recording-http-server';

/** One call to the fake providerOne (KaveNegar-style) API. */
export interface ProviderOneRequest {
  readonly apiToken: string;
  /** The API method from the path, e.g. `sms/send` or `call/maketts`. */
  readonly method: string;
  readonly query: Readonly<Record<string, string>>;
}

/**
 * A fake of providerOne's REST API: `GET /v1/{apiToken}/{method}.json?…`, answering with the
 * `{ return: { status, message }, entries }` envelope, where `return.status` mirrors the HTTP status.
 */
export interface FakeProviderOne extends RecordingHttpServer<ProviderOneRequest> {
  /** Messages it accepted (answered 200 with a message id); failed and unanswered calls do not count. */
  accepted(): number;
  /** Answers the next call with an error status in the envelope (and Retry-After when given). */
  failNext(
    status: number,
    options?: { readonly message?: string; readonly retryAfterSeconds?: number },
  ): void;
}

export async function startFakeProviderOne(): Promise<FakeProviderOne> {
  let nextMessageId = 8_792_343;
  let accepted = 0;
  const server = await startRecordingHttpServer<ProviderOneRequest>({
    record: ({ url }) => {
      const match = /^\/v1\/([^/]+)\/(.+)\.json$/.exec(url.pathname);
      return {
        apiToken: decodeURIComponent(match?.[1] ?? ''),
        method: match?.[2] ?? url.pathname,
        query: Object.fromEntries(url.searchParams),
      };
    },
    defaultReply: (request) => {
      if (request.method !== 'sms/send' && request.method !== 'call/maketts') {
        return jsonReply(404, { return: { status: 404, message: 'method not found' }, entries: null });
      }
      nextMessageId += 1;
      accepted += 1;
      return jsonReply(200, {
        return: { status: 200, message: 'تایید شد' },
        entries: [
          {
            messageid: nextMessageId,
            message: request.query.message ?? '',
            status: 1,
            statustext: 'در صف ارسال',
            sender: request.query.sender ?? '',
            receptor: request.query.receptor ?? '',
            date: 1_356_619_709,
            cost: 120,
          },
        ],
      });
    },
  });
  return {
    ...server,
    accepted: () => accepted,
    failNext(status, options = {}) {
      server.replyNext(
        envelopeError(status, options.message ?? `error ${status}`, options.retryAfterSeconds),
      );
    },
  };
}

function envelopeError(status: number, message: string, retryAfterSeconds: number | undefined): FakeReply {
  const headers: Record<string, string> =
    retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) };
  return jsonReply(status, { return: { status, message }, entries: null }, headers);
}
