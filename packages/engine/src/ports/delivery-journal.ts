import type { DeliveryAttemptRecord, DeliveryLog } from '@oncall/workflows';

/**
 * The delivery log, read back as well as appended to. When a job is replayed (its worker died, or
 * pg-boss redelivered it), an attempt whose outcome is already recorded is answered from the log
 * instead of being sent again; only an attempt that reached the provider but was never recorded is
 * sent twice (with the same idempotency key).
 */
export interface DeliveryJournal extends DeliveryLog {
  recorded(idempotencyKey: string): Promise<DeliveryAttemptRecord | null>;
}
