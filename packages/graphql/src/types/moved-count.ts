import type { Builder } from '../builder';

export interface MovedCount {
  kind: string;
  count: number;
}

/** How many records of each kind changed owner; the kinds grow as features register movers. */
export const movedCountType = (builder: Builder) =>
  builder.objectRef<MovedCount>('MovedCount').implement({
    fields: (t) => ({
      kind: t.exposeString('kind', { description: 'e.g. teams, alertRules, endpoints.' }),
      count: t.exposeInt('count'),
    }),
  });
