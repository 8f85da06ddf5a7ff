import type {
  EntityManager,
  EventSubscriber,
  FlushEventArgs,
  MikroORM,
  TransactionEventArgs,
} from '@mikro-orm/core';

/** The stored records the send-time caches are keyed by. */
export type StoredRecord = 'endpoint' | 'alertRule' | 'providerConfig';

/**
 * The changes this process writes to the records the send-time caches hold, so a cache drops an
 * entry as soon as it is stale instead of at its TTL's end: an endpoint edited in the UI reaches the
 * next page of the same process at once. Changes another process writes, and writes that bypass the
 * unit of work (`nativeUpdate`, raw SQL), still reach the caches within their TTL.
 *
 * @example
 * storedChangesOf(orm).onChange('endpoint', (id) => endpointOf.forget(id));
 */
export interface StoredChanges {
  onChange(record: StoredRecord, listener: (id: string) => void): void;
}

const RECORDS_BY_TABLE: Readonly<Record<string, StoredRecord>> = {
  endpoints: 'endpoint',
  alert_rules: 'alertRule',
  provider_configs: 'providerConfig',
};

// One per ORM, as the caches that listen are.
const byOrm = new WeakMap<MikroORM, StoredChanges>();

/** The changes written through `orm` in this process. */
export function storedChangesOf(orm: MikroORM): StoredChanges {
  const existing = byOrm.get(orm);
  if (existing) return existing;
  const listeners = new Map<StoredRecord, Set<(id: string) => void>>();
  // What a transaction's flushes changed, told again once it commits: a read between the flush and
  // the commit still sees the old row, and may have put it back in a cache.
  const pending = new WeakMap<EntityManager, Array<[StoredRecord, string]>>();
  const tell = (changes: ReadonlyArray<[StoredRecord, string]>) => {
    for (const [record, id] of changes) for (const listener of listeners.get(record) ?? []) listener(id);
  };
  const subscriber: EventSubscriber = {
    afterFlush({ em, uow }: FlushEventArgs) {
      const changes: Array<[StoredRecord, string]> = [];
      for (const changeSet of uow.getChangeSets()) {
        const record = RECORDS_BY_TABLE[changeSet.meta.tableName];
        const id = changeSet.getSerializedPrimaryKey();
        if (record !== undefined && id !== null) changes.push([record, id]);
      }
      if (changes.length === 0) return;
      tell(changes);
      pending.set(em, [...(pending.get(em) ?? []), ...changes]);
    },
    afterTransactionCommit({ em, transaction }: TransactionEventArgs) {
      // A released savepoint is not a commit: its transaction may still roll back.
      if (transaction?.savepointName !== undefined) return;
      const changes = pending.get(em);
      if (changes === undefined) return;
      pending.delete(em);
      tell(changes);
    },
    afterTransactionRollback({ em }: TransactionEventArgs) {
      pending.delete(em);
    },
  };
  orm.em.getEventManager().registerSubscriber(subscriber);
  const created: StoredChanges = {
    onChange(record, listener) {
      const set = listeners.get(record) ?? new Set();
      set.add(listener);
      listeners.set(record, set);
    },
  };
  byOrm.set(orm, created);
  return created;
}
