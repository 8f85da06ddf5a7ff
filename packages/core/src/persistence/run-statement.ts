import type { EntityManager } from '@mikro-orm/core';

/**
 * Runs an insert/update/delete on the caller's transaction (if any) and says how many rows it
 * touched; for statements whose rows would only be thrown away by an entity round trip.
 *
 * @example await runStatement(tx, 'update alert_rules set pinned = not pinned where id = ?', [id]);
 */
export async function runStatement(
  em: EntityManager,
  sql: string,
  params: readonly unknown[] = [],
): Promise<number> {
  const result: unknown = await em
    .getConnection()
    .execute(sql, [...params], 'run', em.getTransactionContext());
  if (
    result &&
    typeof result === 'object' &&
    'affectedRows' in result &&
    typeof result.affectedRows === 'number'
  ) {
    return result.affectedRows;
  }
  return 0;
}
