import type { EntityManager } from '@mikro-orm/core';
import { queryRows } from './query-rows';
import { runStatement } from './run-statement';

/**
 * A piece of SQL and its parameters, composed with the `sql` tag so every value travels as a `?`
 * parameter (quoted by the driver's formatter) and fragments nest without counting placeholders.
 * An array becomes a comma-separated list (`in (${ids})`); an empty one becomes `null`, which
 * matches nothing in `in (…)`.
 */
export class SqlFragment {
  constructor(
    readonly text: string,
    readonly params: readonly unknown[],
  ) {}
}

export function sql(strings: TemplateStringsArray, ...values: readonly unknown[]): SqlFragment {
  let text = strings[0] ?? '';
  const params: unknown[] = [];
  values.forEach((value, index) => {
    if (value instanceof SqlFragment) {
      text += value.text;
      params.push(...value.params);
    } else if (Array.isArray(value) && value.length === 0) {
      text += 'null';
    } else {
      text += '?';
      params.push(value);
    }
    text += strings[index + 1] ?? '';
  });
  return new SqlFragment(text, params);
}

export function joinSql(parts: readonly SqlFragment[], separator: string): SqlFragment {
  return new SqlFragment(
    parts.map((part) => part.text).join(separator),
    parts.flatMap((part) => part.params),
  );
}

/** Text taken as SQL as it is: only for identifiers written in code, never for anything from input. */
export function trustedSql(text: string): SqlFragment {
  return new SqlFragment(text, []);
}

/** `queryRows` for a composed statement. */
export function selectRows<T>(em: EntityManager, fragment: SqlFragment): Promise<T[]> {
  return queryRows<T>(em, fragment.text, fragment.params);
}

/** `runStatement` for a composed statement: how many rows it touched. */
export function runSql(em: EntityManager, fragment: SqlFragment): Promise<number> {
  return runStatement(em, fragment.text, fragment.params);
}
