import type { EntityManager } from '@mikro-orm/core';

/**
 * Serialises transactions that touch the same named thing until they end. Row locks cannot guard
 * "at most one default" when the rows in question do not exist yet (two first configs created at
 * once), and losing that race would surface as a unique-index error instead of a clean answer.
 * Must run inside `em.transactional`, on that transaction's manager.
 */
export async function lockForTransaction(tx: EntityManager, name: string): Promise<void> {
  await tx
    .getConnection()
    .execute('select pg_advisory_xact_lock(hashtext(?))', [name], 'all', tx.getTransactionContext());
}
