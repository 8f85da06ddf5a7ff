import type { EntityManager } from '@mikro-orm/core';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Db } from 'pg-boss';

/**
 * A pg-boss `db` bound to the caller's open transaction: a job sent through it is a row written in
 * that transaction, so it commits or rolls back with the domain change that caused it (a
 * transactional outbox). Works the same on PostgreSQL and PGlite, because MikroORM's transaction
 * context is a Kysely transaction that already holds its connection (on PGlite, the one session).
 *
 * Throws when `tx` has no transaction open: a job written outside it could run before the change it
 * is about is committed, or survive that change's rollback.
 */
export function transactionBossDb(tx: EntityManager): Db {
  const context: unknown = tx.getTransactionContext();
  if (!isKysely(context)) {
    throw new Error('Orchestrator calls must run inside the caller’s transaction (em.transactional)');
  }
  return {
    async executeSql(text, values) {
      const result = await context.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: [...result.rows] };
    },
  };
}

// MikroORM types the context as an opaque `Transaction`; on its SQL drivers it is a Kysely transaction.
function isKysely(value: unknown): value is Kysely<unknown> {
  return typeof value === 'object' && value !== null && 'executeQuery' in value;
}
