import { createServer } from 'node:http';

/** What the fake ntfy server received: the bearer token and the JSON it was sent. */
export interface Published {
  readonly authorization: string | undefined;
  readonly json: unknown;
}

/** A fake ntfy server on 127.0.0.1 that records publishes and can be told to fail the next one. */
export async function startFakeNtfy() {
  const published: Published[] = [];
  const failures: { status: number; retryAfter?: string }[] = [];
  const server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    published.push({ authorization: request.headers.authorization, json: JSON.parse(body) });
    const failure = failures.shift();
    if (failure) {
      const headers = failure.retryAfter ? { 'retry-after': failure.retryAfter } : undefined;
      response.writeHead(failure.status, headers).end('failed');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"msg-1","event":"message"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('fake ntfy is not listening on TCP');
  return {
    url: `http://127.0.0.1:${address.port}`,
    published,
    failNext: (status: number, retryAfter?: string) => failures.push({ status, retryAfter }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
