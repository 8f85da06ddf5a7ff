/**
 * GraphQL documents grown from issue #24's: each within the size limit (32,768 characters, 1,000
 * tokens), each aimed at work done while validating before any resolver runs. Numbers say how big
 * each one is; `full` adds the larger variants.
 */
export interface GraphqlDocument {
  name: string;
  query: string;
  /** For documents of many operations: which one to run (else the request is refused before validation). */
  operationName?: string;
}

const fragmentName = (i: number) => `F${i}`;

const operationsSpreading = (first: string, count: number) =>
  Array.from({ length: count }, (_, i) => `query Q${i} { ...${first} }`);

/**
 * `count` fragments on Query, each spreading every other one `repeats` times and selecting
 * `__typename`, and `operations` operations spreading the first. Every fragment lies on a cycle;
 * GraphQL Armor's depth and cost rules score a fragment met while in progress as nothing and
 * remember each fragment's score, so with 4 fragments the document passes them (depth 9), while a
 * walk path by path meets (count − 1)! × repeats^(count − 1) ends per operation.
 */
export function fragmentCycles(count: number, repeats: number, operations = 1): string {
  const fragments = Array.from({ length: count }, (_, i) => {
    const others = Array.from({ length: count }, (_, k) => k).filter((k) => k !== i);
    const spreads = others.flatMap((k) => Array<string>(repeats).fill(`...${fragmentName(k)}`));
    return `fragment ${fragmentName(i)} on Query { ${spreads.join(' ')} __typename }`;
  });
  return [...operationsSpreading(fragmentName(0), operations), ...fragments].join('\n');
}

/**
 * No cycle: fragment i spreads fragment i + 1 `width` times, `levels` deep, so the last one is
 * reached by width^levels paths.
 */
export function fragmentFanOut(levels: number, width: number, operations = 1): string {
  const fragments = Array.from({ length: levels }, (_, i) => {
    const spreads = Array<string>(width).fill(`...${fragmentName(i + 1)}`);
    return `fragment ${fragmentName(i)} on Query { ${spreads.join(' ')} }`;
  });
  fragments.push(`fragment ${fragmentName(levels)} on Query { __typename }`);
  return [...operationsSpreading(fragmentName(0), operations), ...fragments].join('\n');
}

export function graphqlCorpus(full: boolean): GraphqlDocument[] {
  const documents: GraphqlDocument[] = [
    {
      name: 'fragment cycles: 4 fragments each spreading the others 9 times, 120 operations',
      query: fragmentCycles(4, 9, 120),
      operationName: 'Q0',
    },
    { name: 'self-spread fragment', query: 'query { ...F0 } fragment F0 on Query { ...F0 __typename }' },
    { name: 'fragment fan-out: 3 levels, each spreading the next 40 times', query: fragmentFanOut(3, 40) },
    {
      name: '150 operations over 4 fragments in cycles',
      query: fragmentCycles(4, 1, 150),
      operationName: 'Q0',
    },
  ];
  if (!full) return documents;
  return [
    ...documents,
    { name: 'fragment cycles: 4 fragments each spreading the others 9 times', query: fragmentCycles(4, 9) },
    { name: 'fragment cycles: 8 fragments each spreading all the others', query: fragmentCycles(8, 1) },
    { name: 'fragment fan-out: 60 levels, each spreading the next twice', query: fragmentFanOut(60, 2) },
    {
      name: '300 operations',
      query: Array.from({ length: 300 }, (_, i) => `query Q${i} { __typename }`).join(' '),
      operationName: 'Q0',
    },
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
