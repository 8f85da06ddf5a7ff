import type { GroupSettings, GroupState } from './types';

/**
 * A window that has sent nothing yet: its first event pages at once.
 *
 * @example const state = initialGroupState({ groupIntervalMs: 300_000, repeatIntervalMs: 0 });
 */
export function initialGroupState(settings: GroupSettings): GroupState {
  return {
    settings,
    lastSentAt: null,
    lastSentEventIds: [],
    pendingFiring: [],
    pendingResolved: [],
    flushAt: null,
    unacknowledged: [],
    repeatAt: null,
  };
}
