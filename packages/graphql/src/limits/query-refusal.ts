import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';

const REFUSAL_CODES = ['QUERY_TOO_COMPLEX', 'INTROSPECTION_DISABLED'] as const;

export type RefusalCode = (typeof REFUSAL_CODES)[number];

/** A document refused before it ran; `useRefusalStatus` answers it with a 400. */
export function queryRefusal(message: string, code: RefusalCode): GraphQLError {
  return new GraphQLError(message, { extensions: { code } });
}

/**
 * Yoga marks parse and validation errors as the GraphQL-over-HTTP specification's, which answers
 * them 200 to `application/json` clients. A refused document is a client error on any media type:
 * the status set on the whole result wins over the errors' own.
 */
export function useRefusalStatus(): Plugin {
  return {
    onResultProcess({ result, setResult }) {
      if (Array.isArray(result) || !('errors' in result)) return;
      const refused = result.errors?.some((error) =>
        REFUSAL_CODES.some((code) => error.extensions?.code === code),
      );
      if (refused) setResult({ ...result, extensions: { ...result.extensions, http: { status: 400 } } });
    },
  };
}
