import type { FastifyInstance } from 'fastify';

export interface TrpcAnswer {
  status: number;
  headers: Record<string, unknown>;
  /** `result.data` of a success. */
  data: unknown;
  error?: {
    message: string;
    data: {
      code: string;
      httpStatus: number;
      domainCode: string | null;
      fieldErrors: Record<string, string[]> | null;
      retryAfterSeconds: number | null;
    };
  };
}

/** Calls one procedure over HTTP the way `@trpc/client`'s httpLink does (no batching, no transformer). */
export function trpcHttp(app: FastifyInstance) {
  const send = async (
    method: 'GET' | 'POST',
    path: string,
    input: unknown,
    token: string | undefined,
  ): Promise<TrpcAnswer> => {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    // httpLink labels every POST as JSON, an empty one (a mutation without input) included.
    if (method === 'POST') headers['content-type'] = 'application/json';
    const query =
      method === 'GET' && input !== undefined ? `?input=${encodeURIComponent(JSON.stringify(input))}` : '';
    const response = await app.inject({
      method,
      url: `/trpc/${path}${query}`,
      headers,
      ...(method === 'POST' && input !== undefined ? { payload: input as object } : {}),
    });
    const body = response.json();
    return {
      status: response.statusCode,
      headers: response.headers,
      data: body.result?.data,
      error: body.error,
    };
  };
  return {
    query: (path: string, input?: unknown, token?: string) => send('GET', path, input, token),
    mutation: (path: string, input?: unknown, token?: string) => send('POST', path, input, token),
  };
}
