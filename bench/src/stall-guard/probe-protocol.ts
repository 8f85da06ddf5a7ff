/** Messages between the stall guard and its probe thread (`probe-worker.ts`). */

/** What the probe fires at and polls, once the service is seeded. */
export interface ProbeTargets {
  healthzUrl: string;
  fireUrl: string;
  /** The ingestion token of the probe's SMS rule: one SMS endpoint, the admin's. */
  smsRuleToken: string;
  /**
   * The ingestion tokens of the probe's chat rules, each paging a Mattermost endpoint of the admin's
   * with a webhook of its own; the probe takes them in turn (`CHAT_PROBE_WEBHOOKS`).
   */
  chatRuleTokens: string[];
}

/**
 * Webhooks the probe's chat pages take in turn. Mattermost paces its sends to one send a second per
 * webhook, the rate the probe fires at: on one webhook every page would wait in that pacing behind
 * the one before it, so one page made late would make every later page as late, and a page's time
 * would measure where the pacing stood instead of the server. Taken in turn, each webhook gets a
 * page every 3 s, and a page waits in the pacing only behind one more than 2 s late.
 */
export const CHAT_PROBE_WEBHOOKS = 3;

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
