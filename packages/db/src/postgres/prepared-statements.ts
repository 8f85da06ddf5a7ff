import { hash } from 'node:crypto';
import type { PreparedStatements } from '@oncall/core';
import type pg from 'pg';

/**
 * A prepared statement the session does not have, or has already: what a pooler in between answers
 * when it hands each statement another server session (PgBouncer in transaction mode before 1.21).
 */
const LOST_PREPARED_SQLSTATE = new Set(['26000', '42P05']);

/** Texts given a name at most; any more run unnamed. The fire statement, the one caller, has a fixed few. */
const MAX_NAMED = 32;

/**
 * Named prepared statements on the pool's connections: node-postgres parses a name once per
 * connection, and PostgreSQL keeps its plan (re-planned when the schema changes). After one
 * statement fails because the session lost or already had its name (a pooler in between), every
 * statement after it runs unnamed, parsed and planned each time as any other.
 */
export function preparedStatements(pool: pg.Pool): PreparedStatements {
  const names = new Map<string, string>();
  let unnamed = false;
  const nameOf = (text: string): string | undefined => {
    if (unnamed) return undefined;
    let name = names.get(text);
    if (name === undefined && names.size < MAX_NAMED) {
      name = `oncall_${hash('sha256', text).slice(0, 24)}`;
      names.set(text, name);
    }
    return name;
  };
  return {
    async rows<T>(text: string, values: readonly unknown[]): Promise<T[]> {
      const name = nameOf(text);
      try {
        const result = await pool.query({
          text,
          values: [...values],
          ...(name === undefined ? {} : { name }),
        });
        return result.rows as T[];
      } catch (error) {
        if (name !== undefined && LOST_PREPARED_SQLSTATE.has(sqlStateOf(error))) unnamed = true;
        throw error;
      }
    },
  };
}

function sqlStateOf(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : '';
}
