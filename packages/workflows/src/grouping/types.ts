/**
 * A rule's grouping settings, in milliseconds. `groupIntervalMs` 0 keeps one message per instance;
 * `repeatIntervalMs` 0 never re-pages.
 *
 * @example const settings: GroupSettings = { groupIntervalMs: 300_000, repeatIntervalMs: 3_600_000 };
 */
export interface GroupSettings {
  readonly groupIntervalMs: number;
  readonly repeatIntervalMs: number;
}

/**
 * One alert event of an instance the group's endpoint hears about: its opening or its resolve.
 *
 * @example const member: GroupMember = { instance: 'db-2', alertEventId: 'evt_9' };
 */
export interface GroupMember {
  readonly instance: string;
  readonly alertEventId: string;
}

/**
 * The memory of one group window (a rule, an endpoint and a group key; one per endpoint for pages):
 * when it last sent, what it gathered since, and which firing instances nobody acknowledged yet.
 *
 * @example
 * const state: GroupState = { ...initialGroupState(settings), lastSentAt: 0, pendingFiring: [member], flushAt: 300_000 };
 */
export interface GroupState {
  readonly settings: GroupSettings;
  /** When the last message of this window went out (ms), null before the first. */
  readonly lastSentAt: number | null;
  /** Event ids the last message carried: a redelivered event among them is not news. */
  readonly lastSentEventIds: readonly string[];
  readonly pendingFiring: readonly GroupMember[];
  readonly pendingResolved: readonly GroupMember[];
  /** When the gathered events are sent, null when nothing is gathered. */
  readonly flushAt: number | null;
  /**
   * Instances firing and not acknowledged, oldest first, each with the event that opened it: the
   * ones a repeat re-pages, and the firing message it reads as. Kept only of openings decided while
   * the rule repeats: one that opened while repeats were off is never re-paged.
   */
  readonly unacknowledged: readonly GroupMember[];
  /** When those are paged again, null while there are none or repeats are off. */
  readonly repeatAt: number | null;
}

/**
 * What happened to a group window. `due` is the driver's wake-up at `nextDueAt(state)`; late or
 * early wake-ups are harmless. Every event carries the time it is decided at (an injectable clock).
 *
 * @example const opened: GroupEvent = { type: 'opened', member, at: Date.now(), settings };
 */
export type GroupEvent =
  | {
      readonly type: 'opened' | 'resolved';
      readonly member: GroupMember;
      readonly at: number;
      /** The rule's settings as they are now: a changed setting applies from this event on. */
      readonly settings: GroupSettings;
    }
  | { readonly type: 'acknowledged'; readonly instance: string; readonly at: number }
  | { readonly type: 'due'; readonly at: number };

/**
 * A message to send. `single` is an instance's own page, sent under its event's delivery key as
 * before grouping; `group` carries what gathered during an interval; `repeat` re-pages the
 * unacknowledged firing instances (each with its opening event). `key` is the message's business key: a replayed decision sends
 * nothing twice.
 *
 * @example
 * const page: GroupCommand = { type: 'single', state: 'firing', member };
 * const batch: GroupCommand = { type: 'group', key: 'group:300000', firing: [m1, m2], resolved: [] };
 */
export type GroupCommand =
  | { readonly type: 'single'; readonly state: 'firing' | 'resolved'; readonly member: GroupMember }
  | {
      readonly type: 'group';
      readonly key: string;
      readonly firing: readonly GroupMember[];
      readonly resolved: readonly GroupMember[];
    }
  | { readonly type: 'repeat'; readonly key: string; readonly instances: readonly GroupMember[] };
