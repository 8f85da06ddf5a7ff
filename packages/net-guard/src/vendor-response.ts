import { pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { PermanentError } from '@oncall/plugin-sdk';
import type { Dispatcher } from 'undici';

/** Statuses whose answer has no body, which a WHATWG Response refuses to carry one for. */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/**
 * What the host's fetch sends when a plugin did not say: fetch's own defaults, less those only a
 * browser means something by. No `accept-encoding`: the answer comes as it is (decoded below if a
 * vendor compresses anyway).
 */
export const DEFAULT_REQUEST_HEADERS: Readonly<Record<string, string>> = {
  accept: '*/*',
  'user-agent': 'undici',
};

/**
 * The WHATWG Response a plugin reads, made from an `undici.request` answer. undici's `fetch` costs
 * about three times the CPU of a `request` per call (its Request, signals and stream machinery: undici
 * was a tenth of the server's busy time on a page), and plugins only need the Response at the end of it:
 * status, headers, and the body as a stream, decoded as fetch would (gzip, deflate, br).
 */
export function toVendorResponse({ statusCode, headers, body }: Dispatcher.ResponseData): Response {
  // A failure reaches the reader through its read. This listener only keeps one that comes while
  // nobody reads (undici fails a body destroyed before its end, as a cancel does) from being thrown
  // at the process.
  body.on('error', () => undefined);
  const list = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (Array.isArray(value)) for (const one of value) list.append(name, one);
    else if (value !== undefined) list.append(name, value);
  }
  if (statusCode < 200 || statusCode > 599) {
    body.destroy();
    throw new PermanentError(`The target answered with HTTP status ${statusCode}`);
  }
  if (NULL_BODY_STATUSES.has(statusCode)) {
    // Read to its end (there is nothing) so the connection goes back to the pool.
    body.resume();
    return new Response(null, { status: statusCode, headers: list });
  }
  return new Response(webStreamOf(decoded(body, list.get('content-encoding'))), {
    status: statusCode,
    headers: list,
  });
}

/**
 * The body as a web stream that reads only when its reader does. Not `Readable.toWeb`: its adapter
 * throws an uncaught "Controller is already closed" when the node stream still emits data after the
 * web side was cancelled (a plugin that read the start of an answer), which would end the process.
 */
function webStreamOf(body: Readable): ReadableStream<Uint8Array> {
  // As on the answer's body above, when this is the decoder in front of it.
  body.on('error', () => undefined);
  const chunks: AsyncIterator<Uint8Array> = body[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      cancel() {
        // Destroyed outright: ending an iteration that never started would leave the body open,
        // and the connection with it, while the sender streams into it.
        body.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}

function decoded(body: Readable, encoding: string | null): Readable {
  const decoder = decoderFor(encoding?.trim().toLowerCase());
  if (decoder === undefined) return body;
  // An error on either side ends both: a reset connection fails the plugin's read as with fetch.
  return pipeline(body, decoder, () => undefined);
}

function decoderFor(encoding: string | undefined) {
  if (encoding === 'gzip' || encoding === 'x-gzip') return createGunzip();
  if (encoding === 'deflate') return createInflate();
  if (encoding === 'br') return createBrotliDecompress();
  return undefined;
}
