import type { PingDeadline } from '@oncall/plugin-sdk';
import type { HeartbeatState } from './heartbeat.entity';
import type { PingKind } from './ping';

/** What a heartbeat becomes, and what its rule's instance must do: fire, resolve, or nothing. */
export interface Transition {
  readonly state: HeartbeatState;
  readonly lateAt: Date | null;
  readonly downAt: Date | null;
  /** When the monitor must look again; null: only a ping (or a resume) changes it. */
  readonly dueAt: Date | null;
  readonly signal: 'fire' | 'resolve' | null;
}

/**
 * A ping's effect, pure. A success makes the heartbeat `up` until its next deadline and resolves
 * a `down` one; a failure makes it `down` at once (a fire, deduplicated by the instance if already
 * firing); a start only records the run. A paused heartbeat records pings and stays paused: only a
 * resume brings it back, so a job left running cannot undo a pause someone made on purpose.
 *
 * @example onPing('down', 'success', deadline) // { state: 'up', …, signal: 'resolve' }
 */
export function onPing(
  current: HeartbeatState,
  kind: PingKind,
  deadline: () => PingDeadline,
): Transition | null {
  if (current === 'paused' || kind === 'start') return null;
  if (kind === 'fail') return { state: 'down', lateAt: null, downAt: null, dueAt: null, signal: 'fire' };
  const next = deadline();
  return {
    state: 'up',
    lateAt: next.lateAt,
    downAt: next.downAt,
    dueAt: next.lateAt,
    signal: current === 'down' ? 'resolve' : null,
  };
}
