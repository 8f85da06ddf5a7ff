import type { Decision } from '../decision';
import type { GroupCommand, GroupEvent, GroupMember, GroupState } from './types';

type GroupDecision = Decision<GroupState, GroupCommand>;

/**
 * Decides what one group window sends and when, the same way wherever it runs. The first event of a
 * window pages at once; events while a message of the window is recent (within the group interval)
 * are gathered and sent as one message when the interval ends; an interval of 0 sends every event
 * on its own. While firing instances stay unacknowledged, `repeatIntervalMs` after the last message
 * (never sooner than the group interval) they are paged again. An event already carried by the last
 * message or already gathered is not news: a redelivered event pages nobody twice.
 *
 * @example
 * const settings = { groupIntervalMs: 300_000, repeatIntervalMs: 0 };
 * let state = initialGroupState(settings);
 * state = decideGroup(state, { type: 'opened', member: a, at: 0, settings }).state; // commands: [single a]
 * decideGroup(state, { type: 'opened', member: b, at: 1_000, settings }); // gathered: flushAt 300000
 */
export function decideGroup(state: GroupState, event: GroupEvent): GroupDecision {
  switch (event.type) {
    case 'opened': {
      const current = { ...state, settings: event.settings };
      if (alreadyCarried(current, event.member)) return unchanged(current);
      // Only a window that repeats keeps its firing instances: in a storm without repeats that list
      // would be every instance, rewritten with the state on every change.
      const tracked =
        event.settings.repeatIntervalMs === 0 ||
        current.unacknowledged.some((m) => m.instance === event.member.instance);
      const unacknowledged = tracked ? current.unacknowledged : [...current.unacknowledged, event.member];
      return sendOrGather({ ...current, unacknowledged }, event.member, 'firing', event.at);
    }
    case 'resolved': {
      const current = { ...state, settings: event.settings };
      if (alreadyCarried(current, event.member)) return unchanged(current);
      const quieter = withoutInstance(current, event.member.instance);
      return sendOrGather(quieter, event.member, 'resolved', event.at);
    }
    case 'acknowledged':
      return unchanged(withoutInstance(state, event.instance));
    case 'due':
      return decideDue(state, event.at);
  }
}

/** When the driver must wake the window next (`due`), or null when nothing is pending. */
export function nextDueAt(state: GroupState): number | null {
  const times = [state.flushAt, state.repeatAt].filter((at): at is number => at !== null);
  return times.length === 0 ? null : Math.min(...times);
}

function sendOrGather(
  state: GroupState,
  member: GroupMember,
  kind: 'firing' | 'resolved',
  at: number,
): GroupDecision {
  const interval = state.settings.groupIntervalMs;
  const recent = interval > 0 && state.lastSentAt !== null && at < state.lastSentAt + interval;
  if (recent && state.lastSentAt !== null) {
    const gathered =
      kind === 'firing'
        ? { pendingFiring: [...state.pendingFiring, member] }
        : { pendingResolved: [...state.pendingResolved, member] };
    return unchanged({ ...state, ...gathered, flushAt: state.lastSentAt + interval });
  }
  const pending = state.pendingFiring.length + state.pendingResolved.length;
  if (pending > 0) {
    // The window's wake-up is late: what it gathered goes out with this event, in one message.
    const withMember =
      kind === 'firing'
        ? { ...state, pendingFiring: [...state.pendingFiring, member] }
        : { ...state, pendingResolved: [...state.pendingResolved, member] };
    return flush(withMember, at);
  }
  return {
    state: sent(state, at, [member.alertEventId]),
    commands: [{ type: 'single', state: kind, member }],
  };
}

function decideDue(state: GroupState, at: number): GroupDecision {
  if (state.flushAt !== null && at >= state.flushAt) return flush(state, at);
  if (state.repeatAt !== null && at >= state.repeatAt && state.unacknowledged.length > 0) {
    return {
      state: sent(state, at, state.lastSentEventIds),
      commands: [{ type: 'repeat', key: `repeat:${state.repeatAt}`, instances: state.unacknowledged }],
    };
  }
  return unchanged(state);
}

function flush(state: GroupState, at: number): GroupDecision {
  const { pendingFiring: firing, pendingResolved: resolved } = state;
  const carried = [...firing, ...resolved].map((member) => member.alertEventId);
  return {
    state: sent(state, at, carried),
    commands: [{ type: 'group', key: `group:${state.flushAt ?? at}`, firing, resolved }],
  };
}

/** After any message: a new interval starts, and a repeat is due a repeat interval later. */
function sent(state: GroupState, at: number, eventIds: readonly string[]): GroupState {
  const { groupIntervalMs, repeatIntervalMs } = state.settings;
  const repeats = repeatIntervalMs > 0 && state.unacknowledged.length > 0;
  return {
    ...state,
    lastSentAt: at,
    lastSentEventIds: eventIds,
    pendingFiring: [],
    pendingResolved: [],
    flushAt: null,
    // A repeat never comes sooner than the interval: an SMS endpoint still hears once per interval.
    repeatAt: repeats ? at + Math.max(repeatIntervalMs, groupIntervalMs) : null,
  };
}

function withoutInstance(state: GroupState, instance: string): GroupState {
  const unacknowledged = state.unacknowledged.filter((member) => member.instance !== instance);
  return { ...state, unacknowledged, repeatAt: unacknowledged.length === 0 ? null : state.repeatAt };
}

function alreadyCarried(state: GroupState, member: GroupMember): boolean {
  const id = member.alertEventId;
  return (
    state.lastSentEventIds.includes(id) ||
    state.pendingFiring.some((pending) => pending.alertEventId === id) ||
    state.pendingResolved.some((pending) => pending.alertEventId === id)
  );
}

function unchanged(state: GroupState): GroupDecision {
  return { state, commands: [] };
}
