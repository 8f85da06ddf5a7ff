import { type GraphqlDocument, graphqlCorpus } from './graphql-corpus';
import type { HostileCase } from './hostile-case';
import { concurrently } from './hostile-request';

/** Documents a valid query may spell (no limit is crossed): an answer of 200 is right for them. */
const MAY_ANSWER = new Set(['300 aliased __typename', '120 nested inline fragments', '300 operations']);

/** The GraphQL-over-HTTP media type: a refused document is then a 4xx, not a 200 carrying errors. */
const ACCEPT = { accept: 'application/graphql-response+json' };

/**
 * Each document unauthenticated by POST, once and 8 at once; the issue's shape also by GET. A
 * comment makes each text new, so no parse or validation cache answers a repeat.
 */
export function graphqlCases(full: boolean): HostileCase[] {
  const cases: HostileCase[] = [];
  let sent = 0;
  const post = (document: GraphqlDocument) => ({
    method: 'POST' as const,
    path: '/graphql',
    headers: ACCEPT,
    body: JSON.stringify({ query: `${document.query}\n#${sent++}`, operationName: document.operationName }),
  });
  for (const [index, document] of graphqlCorpus(full).entries()) {
    const expect = MAY_ANSWER.has(document.name) ? 'any' : '4xx';
    const counts = full || index === 0 ? [1, 8] : [1];
    for (const count of counts) {
      cases.push({
        name: `GraphQL ${document.name}${count > 1 ? `, ${count} at once` : ''}`,
        family: 'graphql',
        expect,
        prepare: async (context) => ({
          send: () => concurrently(count, () => context.send(post(document))),
        }),
      });
    }
    if (index === 0) {
      cases.push({
        name: `GraphQL ${document.name}, by GET`,
        family: 'graphql',
        expect,
        prepare: async (context) => ({
          send: async () => [
            await context.send({
              method: 'GET',
              path: `/graphql?${new URLSearchParams({
                query: `${document.query}\n#${sent++}`,
                ...(document.operationName ? { operationName: document.operationName } : {}),
              })}`,
              headers: ACCEPT,
            }),
          ],
        }),
      });
    }
  }
  return cases;
}
