import { GraphQLError, Lexer, parse, Source, TokenKind } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { queryRefusal } from './query-refusal';

/**
 * Parses with graphql-js's own `maxTokens`, so a document of a million tokens costs a thousand.
 * The token count is only taken again when parsing failed, to tell the limit from a syntax error.
 */
export function useTokenLimit(maxTokens: number): Plugin {
  return {
    onParse({ setParseFn }) {
      setParseFn((source, options) => {
        try {
          return parse(source, { ...options, maxTokens });
        } catch (error) {
          if (error instanceof GraphQLError && hasMoreTokens(source, maxTokens)) {
            throw queryRefusal(`The query has more than ${maxTokens} tokens.`, 'QUERY_TOO_COMPLEX');
          }
          throw error;
        }
      });
    },
  };
}

function hasMoreTokens(source: string | Source, limit: number): boolean {
  const lexer = new Lexer(typeof source === 'string' ? new Source(source) : source);
  try {
    for (let count = 0; count <= limit; count++) {
      if (lexer.advance().kind === TokenKind.EOF) return false;
    }
    return true;
  } catch {
    return false;
  }
}
