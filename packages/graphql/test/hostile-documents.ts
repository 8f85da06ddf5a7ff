/**
 * Documents within the size limits (32 KB, 1,000 tokens) that cost a validator far more than their
 * size if it expands fragments: each must be refused before the specification's rules run, with
 * work proportional to its text. `reason` is what the refusal's message names.
 */
export interface HostileDocument {
  name: string;
  query: string;
  /** The operation a client names when the document has several (Yoga runs none unnamed). */
  operationName?: string;
  reason: RegExp;
}

/** `${name}0` … `${name}${count - 1}`. */
const names = (name: string, count: number) => Array.from({ length: count }, (_, i) => `${name}${i}`);
const spreads = (name: string, times: number) => `...${name} `.repeat(times);

/**
 * The issue's document, 2.8 KB and 992 tokens: fragments A → B → C → D, each spreading the next
 * once and every earlier one 60 times, spread by 40 operations. GraphQL Armor walks them from the
 * first operation in that order, scoring each spread of a fragment in progress as nothing (depth 9,
 * within the limit, and a small cost that it remembers per fragment); a walk of every path (a
 * cycle stopped only where it closes) takes 60³ paths from D, once per operation.
 */
export function issueDocument(): string {
  const chain = ['A', 'B', 'C', 'D'];
  const fragment = (name: string, i: number) => {
    const next = chain[i + 1] ? `...${chain[i + 1]} ` : '';
    const earlier = chain.slice(0, i).map((before) => spreads(before, 60));
    return `fragment ${name} on Query { ${next}${earlier.join('')}}`;
  };
  return [
    'query Q { ...A }',
    ...names('Q', 40).map((name) => `query ${name} { ...D }`),
    ...chain.map(fragment),
  ].join('\n');
}

/** 21 fragments on `Query`, each spreading every other one: 20! paths, 2.8 KB. */
function mutuallySpreadingFragments(): string {
  const all = Array.from({ length: 21 }, (_, i) => String.fromCharCode(65 + i));
  const fragment = (name: string) =>
    `fragment ${name} on Query { __typename ${all
      .filter((other) => other !== name)
      .map((other) => `...${other}`)
      .join(' ')} }`;
  return [`{ ...${all[0]} }`, ...all.map(fragment)].join('\n');
}

/** Fragment `L0` spreads `L1` `fanOut` times, `L1` spreads `L2` as often, and so on: no cycle. */
function fanOut(levels: number, fanOut: number, leaf: string, on = 'Query'): string {
  const level = names('L', levels);
  const fragments = level.map((name, i) =>
    i === levels - 1
      ? `fragment ${name} on ${on} { ${leaf} }`
      : `fragment ${name} on ${on} { ${spreads(`L${i + 1}`, fanOut)}}`,
  );
  return [`{ ...L0 }`, ...fragments].join('\n');
}

/** A chain of fragments `C0` → `C1` → … each reaching one level deeper through a rule's episodes. */
function deepRuleChain(links: number): string {
  const chain = names('C', links);
  const fragments = chain.map((name, i) =>
    i === links - 1
      ? `fragment ${name} on AlertRule { id }`
      : `fragment ${name} on AlertRule { episodes(first: 1) { nodes { rule { ...C${i + 1} } } } }`,
  );
  return ['{ alertRule(id: "1") { ...C0 } }', ...fragments].join('\n');
}

export const HOSTILE_DOCUMENTS: readonly HostileDocument[] = [
  {
    name: 'the issue: 4 fragments spreading each other, 41 operations',
    query: issueDocument(),
    operationName: 'Q0',
    reason: /itself/,
  },
  {
    name: '21 fragments each spreading every other one',
    query: mutuallySpreadingFragments(),
    reason: /itself/,
  },
  {
    name: 'a fragment spreading itself',
    query: '{ ...A } fragment A on Query { me { id } ...A }',
    reason: /itself/,
  },
  {
    name: 'a cycle through nested fields and inline fragments',
    query:
      '{ me { ...A } } fragment A on User { id ... on User { ...B } } fragment B on User { username ...A }',
    reason: /itself/,
  },
  {
    name: 'a cycle among fragments no operation spreads',
    query:
      '{ me { id } } fragment A on Query { ...B } fragment B on Query { ...C } fragment C on Query { ...A }',
    reason: /itself/,
  },
  {
    name: 'a cycle behind 20 operations',
    query: [
      ...names('Q', 20).map((name) => `query ${name} { ...A }`),
      ...names('F', 12).map(
        (name, i, all) => `fragment ${name} on Query { ...${all[(i + 1) % all.length]} ...F0 }`,
      ),
      'fragment A on Query { ...F0 }',
    ].join('\n'),
    operationName: 'Q0',
    reason: /itself/,
  },
  { name: 'an undefined fragment', query: '{ me { id } ...Missing }', reason: /Unknown fragment "Missing"/ },
  {
    name: 'two fragments of one name',
    query: '{ ...A } fragment A on Query { __typename } fragment A on Query { ...A }',
    reason: /one fragment named "A"/,
  },
  {
    name: 'exponential fan-out: each of 8 fragments spreads the next 5 times (5^7 copies)',
    query: fanOut(8, 5, 'me { id username name role createdAt updatedAt isSystemAdmin }'),
    reason: /cost/i,
  },
  {
    name: 'exponential fan-out: 8 levels, each spreading the next 12 times (12^7 copies)',
    query: fanOut(8, 12, '__typename'),
    reason: /cost/i,
  },
  {
    name: 'fan-out of sized lists: 4 levels of rule fragments each spreading the next 3 times',
    query: `{ alertRules(perPage: 100) { items { ...L0 } } }\n${fanOut(
      4,
      3,
      'episodes { nodes { id } }',
      'AlertRule',
    )
      .split('\n')
      .slice(1)
      .join('\n')}`,
    reason: /counting each list/,
  },
  {
    name: '60 operations, each spreading the same chain of fragments',
    query: [
      ...names('Q', 60).map((name) => `query ${name} { ...C0 }`),
      ...names('C', 5).map((name, i) =>
        i === 4 ? `fragment ${name} on Query { __typename }` : `fragment ${name} on Query { ...C${i + 1} }`,
      ),
    ].join('\n'),
    operationName: 'Q0',
    reason: /operations/,
  },
  {
    name: 'a chain of 120 fragments (depth through spreads)',
    query: [
      '{ ...C0 }',
      ...names('C', 120).map((name, i) =>
        i === 119 ? `fragment ${name} on Query { __typename }` : `fragment ${name} on Query { ...C${i + 1} }`,
      ),
    ].join('\n'),
    reason: /depth/i,
  },
  { name: 'a chain of rule fragments 4 × 3 levels deep', query: deepRuleChain(5), reason: /depth/i },
  {
    name: '150 nested inline fragments',
    query: `{ ${'... on Query { '.repeat(150)}__typename ${'} '.repeat(150)}}`,
    reason: /depth/i,
  },
  {
    name: '249 copies of one field (quadratic field merging)',
    query: `{ ${'me { id } '.repeat(249)}}`,
    reason: /pairs of fields/,
  },
  {
    name: '20 copies of one field, each with 20 copies of a field (merged: 400 under one name)',
    query: `{ ${`me { ${'id '.repeat(20)}} `.repeat(20)}}`,
    reason: /pairs of fields/,
  },
  {
    name: 'one field 40 times across fragments spread together',
    query: [
      '{ ...A ...B ...C ...D me { id } }',
      ...['A', 'B', 'C', 'D'].map((name) => `fragment ${name} on Query { ${'me { username } '.repeat(10)}}`),
    ].join('\n'),
    reason: /pairs of fields/,
  },
  {
    name: 'directives multiplied through spreads',
    query: [
      '{ ...B }',
      `fragment B on Query { ${spreads('A', 10)}}`,
      `fragment A on Query { ${'__typename @include(if: true) @skip(if: false) '.repeat(10)}}`,
    ].join('\n'),
    reason: /directive/i,
  },
  {
    name: 'aliases multiplied through spreads',
    query: [
      '{ ...B }',
      `fragment B on Query { ${spreads('A', 10)}}`,
      `fragment A on Query { ${names('a', 5)
        .map((alias) => `${alias}: me { id }`)
        .join(' ')} }`,
    ].join('\n'),
    reason: /alias/i,
  },
];
