/** Messages between the stall guard and its probe thread (`probe-worker.ts`). */

/** What the probe fires at and polls, once the service is seeded. */
export interface ProbeTargets {
  healthzUrl: string;
  fireUrl: string;
  /** The ingestion token of the probe's SMS rule: one SMS endpoint, the admin's. */
  smsRuleToken: string;
  /** The ingestion token of the probe's chat rule: one Mattermost endpoint, the admin's. */
  chatRuleToken: string;
}

export type ToProbe =
  | { type: 'configure'; targets: ProbeTargets }
  | { type: 'begin' }
  | { type: 'end'; graceMs: number }
  | { type: 'healthz' }
  | { type: 'stop' };

/** One measuring window: every sample taken between `begin` and `end`, in ms. */
export interface ProbeWindow {
  healthz: number[];
  /** Polls unanswered within the poll timeout (each also counted in `healthz` at that timeout). */
  healthzTimeouts: number;
  sms: number[];
  chat: number[];
  /** Pages fired in the window that had not arrived by the end of the grace (counted in `sms` or
   * `chat` as the time they had waited, a lower bound). */
  smsMissing: number;
  chatMissing: number;
  /** SMS pages fired in the window. */
  fires: number;
}

export type FromProbe =
  | { type: 'ready'; smsUrl: string; chatUrl: string }
  | { type: 'sms'; message: string }
  | { type: 'window'; window: ProbeWindow }
  | { type: 'healthz'; ms: number }
  | { type: 'stopped' };
