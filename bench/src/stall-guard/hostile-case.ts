import type { HostileRequest } from './hostile-request';
import type { SeededService } from './seed-service';
import type { ServiceApi } from './service-api';

/** What a case may use: the seeded service, and a way to send hostile requests with its timeout. */
export interface CaseContext {
  api: ServiceApi;
  seeded: SeededService;
  /** Sends one request; its status, or `TIMED_OUT`. */
  send(hostile: HostileRequest): Promise<number>;
  /** The same timeout, for requests a case sends its own way (streams). */
  timeoutMs: number;
}

/** A case once its setup is done: the hostile requests, then whatever undoes the setup. */
export interface PreparedCase {
  /** Sends the hostile requests; their statuses (`TIMED_OUT` for none within the timeout). */
  send(): Promise<number[]>;
  cleanup?(): Promise<void>;
  /** What the setup found worth reporting (a hostile save refused, a gift accepted). */
  notes?: string[];
  /**
   * Once the window has ended: whether the hostile load took hold of what the case aims at (sends
   * held at a tarpit). A case whose load did not take hold fails: its pass would prove nothing.
   */
  verify?(): { held: boolean; note: string };
}

export type CaseFamily = 'graphql' | 'filter' | 'template' | 'input' | 'streams' | 'gifting';

export interface HostileCase {
  name: string;
  family: CaseFamily;
  /** `4xx`: the issue says the service must refuse it; a 2xx is reported (not a failure). */
  expect: '4xx' | 'any';
  /** Measure this long after the last answer: work a request leaves behind (a send-time template). */
  tailMs?: number;
  /**
   * Judged on other users' chat pages too (they are always measured): the case aims at the chat
   * lane. Elsewhere chat pages are reported only: their time follows the lane's claims (the owner's
   * share) and each webhook's pacing, which the case does not aim at.
   */
  judgesChat?: boolean;
  prepare(context: CaseContext): Promise<PreparedCase>;
}
