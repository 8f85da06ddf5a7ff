import type { FastifyInstance } from 'fastify';

export interface GraphqlError {
  message: string;
  path?: string[];
  extensions?: { code?: string; fieldErrors?: Record<string, string[]>; retryAfterSeconds?: number } & Record<
    string,
    unknown
  >;
}

export interface GraphqlAnswer<T> {
  status: number;
  headers: Record<string, unknown>;
  data: T | null | undefined;
  errors: GraphqlError[] | undefined;
}

/** POSTs one operation as a GraphQL-over-HTTP client does. */
export function graphqlHttp(app: FastifyInstance, url = '/graphql') {
  return async <T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string,
  ): Promise<GraphqlAnswer<T>> => {
    const response = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: { query, variables },
    });
    const body = response.json();
    return { status: response.statusCode, headers: response.headers, data: body.data, errors: body.errors };
  };
}

/** The single error of an answer, for assertions on its code and fields. */
export function onlyError<T>(answer: GraphqlAnswer<T>): GraphqlError {
  if (answer.errors?.length !== 1 || !answer.errors[0]) {
    throw new Error(`expected exactly one error, got ${JSON.stringify(answer.errors)}`);
  }
  return answer.errors[0];
}
