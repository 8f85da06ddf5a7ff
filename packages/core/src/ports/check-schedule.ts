/** The schedule and last outcome of one check, for a rule's or data source's read. */
export interface CheckStatus {
  readonly status: 'ok' | 'error' | 'pending';
  readonly error: string | null;
  readonly document: Record<string, unknown> | null;
  readonly intervalSeconds: number;
  readonly lastRunAt: string | null;
  readonly nextRunAt: string;
  /** Runs in a row that failed. */
  readonly failures: number;
  /** When the runs that opened the rule's "source unreachable" episode began failing; null when none is open. */
  readonly unreachableSince: string | null;
}

/**
 * What saving and reading rules and data sources asks of the scheduled checks (`ScheduledChecks`
 * answers it): schedule what was just saved, read back a check's last outcome. A port, so those use
 * cases do not import the runner, which itself applies signals and queries data sources.
 */
export interface CheckSchedule {
  /** Schedules a rule just created or changed (or drops its schedule). */
  scheduleRule(ruleId: string): Promise<void>;
  /** Schedules a data source just created or changed at its poll interval (or drops its schedule). */
  schedulePoll(sourceId: string): Promise<void>;
  /** A rule's evaluation: its schedule and last outcome; null for a rule the service does not evaluate. */
  ruleStatus(ruleId: string): Promise<CheckStatus | null>;
  /** A data source's polls: their schedule and last outcome; null for one not polled. */
  pollStatus(sourceId: string): Promise<CheckStatus | null>;
}
