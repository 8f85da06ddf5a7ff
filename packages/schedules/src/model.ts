/** A schedule as the resolver reads it: plain data, so every face and the pager share one answer. */
export type RotationUnit = 'hour' | 'day' | 'week';

export interface ActiveWindow {
  /** ISO weekdays, 1 = Monday … 7 = Sunday, of the window's start. */
  weekdays: number[];
  /** Wall-clock "HH:mm"; an end at or before the start runs past midnight. */
  start: string;
  end: string;
}

/** A rotation's member: a user, a group of users on call together, or a gap. */
export type RotationMember = string | string[] | null;

export interface Rotation {
  id: string;
  /** Every `every` units a hand-off passes the shift to the next member. */
  unit: RotationUnit;
  every: number;
  /** Wall-clock date and time ("YYYY-MM-DDTHH:mm") of the first hand-off, in the schedule's zone. */
  startsAt: string;
  /**
   * An RFC 5545 RRULE (`FREQ=WEEKLY;BYDAY=MO,WE,FR`) whose occurrences from `startsAt` (its
   * DTSTART) on the schedule's wall clock are the hand-offs, instead of every `every` units.
   */
  recurrence?: string;
  /**
   * Members in order, one per shift: a user id, a group of user ids (all on call together for the
   * shift), or `null`, an explicit gap (nobody on call for that shift).
   */
  members: RotationMember[];
  activeWindows?: ActiveWindow[];
  /** Instants (epoch ms): a revision closes one version and opens the next at the change time. */
  effectiveFrom?: number;
  effectiveUntil?: number;
  /** The version this one replaced: a flow step naming a rotation follows its versions. */
  previousId?: string;
}

export interface Layer {
  id: string;
  /** Higher masks lower while it has someone on call. */
  priority: number;
  rotations: Rotation[];
}

export type Override =
  | { id: string; kind: 'add'; userId: string; from: number; until: number }
  | { id: string; kind: 'remove'; userId: string; from: number; until: number }
  | { id: string; kind: 'replace'; userId: string; replacedUserId: string; from: number; until: number };

export interface Schedule {
  id: string;
  teamId: string;
  /** IANA zone name; the process time zone never enters the answer. */
  timeZone: string;
  layers: Layer[];
  overrides: Override[];
}

/** Why a person is on call: the pager's delivery log names it. */
export interface OnCallEntry {
  userId: string;
  layerId?: string;
  rotationId?: string;
  overrideId?: string;
}

export interface OnCallAnswer {
  /** The final answer after layers and overrides. */
  onCall: OnCallEntry[];
  /** Each layer's own answer, before masking and overrides. */
  layers: { layerId: string; userIds: string[] }[];
}

export interface OnCallSegment extends OnCallAnswer {
  from: number;
  until: number;
}
