import { jobIdFor } from '../boss/job-id';

/** The marker job of a stopped alert event: one per event, so stopping twice changes nothing. */
export function escalationStopId(alertEventId: string): string {
  return jobIdFor(`escalation-stop:${alertEventId}`);
}
