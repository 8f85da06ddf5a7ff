import type { Orchestrator } from '@oncall/core';
import type { QueueStats } from '../ports/engine-metrics';

/** A driver of the Orchestrator port with its lifecycle: start on boot, stop before closing the database. */
export interface Engine {
  readonly orchestrator: Orchestrator;
  start(): Promise<void>;
  /** Stops taking jobs and waits for handlers in flight (up to `timeoutMs`). */
  stop(timeoutMs?: number): Promise<void>;
  /** The backlog of the engine's queues, read now; empty until started. */
  queueStats(): Promise<QueueStats[]>;
  /**
   * Sends what the group windows due now gathered (docs/grouping.md); the embedded engine's workers
   * call it every second, tests after moving their clock. Answers how many windows it flushed.
   */
  flushDueGroups?(): Promise<number>;
}
