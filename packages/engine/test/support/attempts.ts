import type { MikroORM } from '@mikro-orm/postgresql';
import { queryRows } from '@oncall/core/persistence';

export interface AttemptRow {
  provider_config_id: string;
  attempt: number;
  idempotency_key: string;
  outcome: string;
  retry_after_ms: number | null;
}

/** The delivery log rows of one delivery (by the start of their idempotency key), oldest first. */
export function attemptsOf(orm: MikroORM, baseKey: string): Promise<AttemptRow[]> {
  return queryRows<AttemptRow>(
    orm.em.fork(),
    `select provider_config_id, attempt, idempotency_key, outcome, retry_after_ms
       from delivery_attempts where idempotency_key like ? order by created_at, idempotency_key`,
    [`${baseKey}:%`],
  );
}
