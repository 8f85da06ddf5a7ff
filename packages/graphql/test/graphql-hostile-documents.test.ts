import { createTestCore, type TestCore } from '@oncall/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { getIntrospectionQuery, Lexer, parse, Source, TokenKind } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerGraphql } from '../src/index';
import { DEFAULT_QUERY_LIMITS } from '../src/limits/query-limits';
import { refuseOverLimits } from '../src/limits/refuse-over-limits';
import { createSchema } from '../src/schema';
import { countedDocument, selectionSetCount } from './counted-document';
import type { GraphqlAnswer } from './graphql-http';
import { HOSTILE_DOCUMENTS, issueDocument } from './hostile-documents';
import { builtInRuleTypes } from './support/built-in-rule-types';

/**
 * The limit pass reads each selection set a bounded number of times (its rules, graphql-js's
 * visitor): a validator that expands fragments reads them once per path instead, millions of
 * times for a few kilobytes.
 */
const READS_PER_SELECTION_SET = 12;

const tokenCount = (query: string) => {
  const lexer = new Lexer(new Source(query));
  let count = 0;
  while (lexer.advance().kind !== TokenKind.EOF) count += 1;
  return count;
};

describe('hostile GraphQL documents', () => {
  const schema = createSchema(builtInRuleTypes());

  it('the issue document is fragments spreading each other in cycles, under 3 KB and 1,000 tokens', () => {
    const query = issueDocument();
    expect(query.length).toBeLessThan(3000);
    expect(tokenCount(query)).toBeLessThan(DEFAULT_QUERY_LIMITS.maxTokens);
  });

  describe.each(HOSTILE_DOCUMENTS)('$name', ({ query, reason }) => {
    it('is within the size limits, so it reaches validation', () => {
      expect(query.length).toBeLessThanOrEqual(DEFAULT_QUERY_LIMITS.maxQueryLength);
      expect(tokenCount(query)).toBeLessThanOrEqual(DEFAULT_QUERY_LIMITS.maxTokens);
    });

    it('is refused by the limit pass, which reads each selection set a bounded number of times', () => {
      const parsed = parse(query);
      const budget = READS_PER_SELECTION_SET * selectionSetCount(parsed);
      const counted = countedDocument(parsed, budget);
      const refusals = refuseOverLimits(schema, counted.document, DEFAULT_QUERY_LIMITS, false);
      expect(refusals.map((refusal) => refusal.extensions.code)).toEqual(['QUERY_TOO_COMPLEX']);
      expect(refusals[0]?.message).toMatch(reason);
      expect(counted.reads()).toBeLessThanOrEqual(budget);
    });
  });

  it('passes an ordinary report query of fragments, reading each selection set a bounded number of times', () => {
    const parsed = parse(
      [
        'query Report { alertRules(perPage: 10) { items { ...Rule } } }',
        'query Other { me { ...Me } }',
        'fragment Rule on AlertRule { id name episodes(first: 10) { nodes { ...Episode } } }',
        'fragment Episode on Episode { id firedAt rule { id } }',
        'fragment Me on User { id username }',
      ].join('\n'),
    );
    const budget = READS_PER_SELECTION_SET * selectionSetCount(parsed);
    const counted = countedDocument(parsed, budget);
    expect(refuseOverLimits(schema, counted.document, DEFAULT_QUERY_LIMITS, false)).toEqual([]);
  });

  it('passes the introspection query GraphiQL sends, every option on', () => {
    const query = getIntrospectionQuery({
      descriptions: true,
      specifiedByUrl: true,
      directiveIsRepeatable: true,
      schemaDescription: true,
      inputValueDeprecation: true,
      oneOf: true,
    });
    expect(refuseOverLimits(schema, parse(query), DEFAULT_QUERY_LIMITS, true)).toEqual([]);
  });

  it('counts a spread as one level, as an inline fragment, wherever and however often it is spread', () => {
    const limits = { ...DEFAULT_QUERY_LIMITS, maxDepth: 3 };
    const refusals = (query: string) =>
      refuseOverLimits(schema, parse(query), limits, false).map((refusal) => refusal.message);
    expect(refusals('{ ... on Query { me { id } } }')).toEqual([]);
    expect(
      refusals('{ ...A ...A me { ...U } } fragment A on Query { me { id } } fragment U on User { id }'),
    ).toEqual([]);
    expect(refusals('{ ...A } fragment A on Query { ...B } fragment B on Query { me { id } }')).toEqual([
      'Query depth is 4; at most 3 is allowed.',
    ]);
  });

  describe('over HTTP', () => {
    let t: TestCore;
    let app: FastifyInstance;
    const post = async (query: string, operationName?: string) => {
      const response = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json' },
        payload: { query, operationName },
      });
      return { status: response.statusCode, ...response.json() };
    };
    beforeAll(async () => {
      t = await createTestCore();
      app = Fastify();
      await registerGraphql(app, { core: t.core, path: '/graphql' });
      await app.ready();
    });
    afterAll(async () => {
      await app.close();
      await t.dispose();
    });

    it.each(HOSTILE_DOCUMENTS)(
      'refuses $name with a 400, unauthenticated',
      async ({ query, operationName, reason }) => {
        const answer: GraphqlAnswer<unknown> = await post(query, operationName);
        expect(answer.status).toBe(400);
        expect(answer.data).toBeUndefined();
        expect(answer.errors).toHaveLength(1);
        expect(answer.errors?.[0]?.message).toMatch(reason);
        expect(answer.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COMPLEX');
      },
    );

    it('refuses the issue document sent by GET', async () => {
      const query = encodeURIComponent(issueDocument());
      const response = await app.inject({ method: 'GET', url: `/graphql?query=${query}&operationName=Q0` });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
    });

    it('runs none of the specification’s rules on a refused document', async () => {
      // An unknown field is the specification's error; the cycle refused first is the only one.
      const answer: GraphqlAnswer<unknown> = await post('{ nope ...A } fragment A on Query { nope ...A }');
      expect(answer.status).toBe(400);
      expect(answer.errors?.map((error) => error.message)).toEqual([expect.stringMatching(/itself/)]);
    });

    it('answers the chosen operation of an ordinary document of several operations and fragments', async () => {
      const query =
        'query A { ...Q } query B { __typename } fragment Q on Query { __typename ...R } fragment R on Query { __typename }';
      expect(await post(query, 'A')).toEqual({ status: 200, data: { __typename: 'Query' } });
    });
  });
});
