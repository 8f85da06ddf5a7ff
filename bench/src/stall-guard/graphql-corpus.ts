/**
 * GraphQL documents grown from issue #24's: each within the size limit (32,768 characters, 1,000
 * tokens), each aimed at work done while validating before any resolver runs. Numbers say how big
 * each one is; `full` adds the larger variants.
 */
export interface GraphqlDocument {
  name: string;
  query: string;
}

const fragmentName = (i: number) => `F${i}`;

/**
 * `count` fragments on Query, each spreading the next `spreads` of them in a ring (so every
 * fragment lies on a cycle) and selecting `__typename`, and an operation spreading the first:
 * followed path by path, the number of walks grows as `spreads` to the length of the ring.
 */
export function fragmentRing(count: number, spreads: number, operations = 1): string {
  const fragments = Array.from({ length: count }, (_, i) => {
    const next = Array.from({ length: spreads }, (_, k) => `...${fragmentName((i + k + 1) % count)}`);
    return `fragment ${fragmentName(i)} on Query { ${next.join(' ')} __typename }`;
  });
  const ops = Array.from({ length: operations }, (_, i) => `query Q${i} { ...${fragmentName(0)} }`);
  return [...ops, ...fragments].join('\n');
}

/**
 * No cycle: fragment i spreads fragment i+1 twice (once through an inline fragment), so the last
 * one is reached by 2^`levels` paths.
 */
export function fragmentFanOut(levels: number, operations = 1): string {
  const fragments = Array.from({ length: levels }, (_, i) => {
    const next = fragmentName(i + 1);
    return `fragment ${fragmentName(i)} on Query { ...${next} ... on Query { ...${next} } }`;
  });
  fragments.push(`fragment ${fragmentName(levels)} on Query { __typename }`);
  const ops = Array.from({ length: operations }, (_, i) => `query Q${i} { ...${fragmentName(0)} }`);
  return [...ops, ...fragments].join('\n');
}

export function graphqlCorpus(full: boolean): GraphqlDocument[] {
  const documents: GraphqlDocument[] = [
    { name: 'fragment ring: 24 fragments each spreading the next 3 (cycles)', query: fragmentRing(24, 3) },
    { name: 'self-spread fragment', query: 'query { ...F0 } fragment F0 on Query { ...F0 __typename }' },
    { name: 'fragment fan-out: 2^24 paths, no cycle', query: fragmentFanOut(24) },
    {
      name: '50 operations over one fragment ring',
      query: fragmentRing(12, 2, 50),
    },
  ];
  if (!full) return documents;
  return [
    ...documents,
    { name: 'fragment ring: 40 fragments each spreading the next 4', query: fragmentRing(40, 4) },
    { name: 'fragment ring: 30 fragments each spreading all the others', query: fragmentRing(30, 29) },
    { name: 'fragment fan-out: 2^60 paths, no cycle', query: fragmentFanOut(60) },
    { name: '200 operations', query: Array.from({ length: 200 }, (_, i) => `query Q${i} { __typename }`).join(' ') },
    {
      name: '120 nested inline fragments',
      query: `{ ${'... on Query { '.repeat(120)} __typename ${'} '.repeat(120)}}`,
    },
    {
      name: '300 aliased __typename',
      query: `{ ${Array.from({ length: 300 }, (_, i) => `a${i}: __typename`).join(' ')} }`,
    },
    {
      name: '60 aliased me { id } (over the alias limit)',
      query: `{ ${Array.from({ length: 60 }, (_, i) => `a${i}: me { id }`).join(' ')} }`,
    },
  ];
}
