import type { EntityManager } from '@mikro-orm/core';

/**
 * Plain rows for hot read paths where hydrating entities would cost more than the query. The one
 * place a raw result is given a type: callers name the columns they select.
 *
 * @example const rows = await queryRows<{ id: string }>(em, 'select id from users where role = ?', ['owner']);
 */
export async function queryRows<T>(
  em: EntityManager,
  sql: string,
  params: readonly unknown[] = [],
): Promise<T[]> {
  // Inside `em.transactional` the statement must run on that transaction's connection.
  const rows: unknown = await em.getConnection().execute(sql, [...params], 'all', em.getTransactionContext());
  return Array.isArray(rows) ? (rows as T[]) : [];
}
