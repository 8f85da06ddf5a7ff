/** How long each kind of record is kept, and how the pruning job goes about it. */
export interface RetentionSettings {
  /** Days of alert history (events) kept; 0 keeps it forever. */
  historyDays: number;
  /** Days of delivery attempts kept; 0 keeps them forever. */
  deliveryAttemptDays: number;
  /** Seconds expired (or revoked) sessions, refresh tokens and OTP codes are kept after that. */
  expiredGraceSeconds: number;
  /** Rows one delete statement removes at most, so no statement holds locks on a hot table long. */
  batchSize: number;
  /** Seconds between runs, across every replica: one replica claims each run. */
  intervalSeconds: number;
}

export const DEFAULT_RETENTION: RetentionSettings = {
  historyDays: 400,
  deliveryAttemptDays: 90,
  expiredGraceSeconds: 86_400,
  batchSize: 1_000,
  intervalSeconds: 3_600,
};
