import { lexicographicSortSchema, printSchema } from 'graphql';
import { builder } from './builder';
// Field files register their queries and mutations with the builder when imported.
import './fields/alert-rule-fields';
import './fields/auth-fields';
import './fields/team-fields';
import './fields/user-fields';

export const schema = builder.toSchema();

/** The SDL committed as `schema.graphql`: sorted, so the file changes only when the schema does. */
export function printedSchema(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
