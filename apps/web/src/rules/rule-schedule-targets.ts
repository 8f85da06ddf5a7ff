import type { RouterOutputs } from '../trpc/router-types';

type StoredTarget = RouterOutputs['alertRules']['get']['scheduleTargets'][number];

/** At most this many schedules on one rule (the server's limit). */
export const MAX_SCHEDULE_TARGETS = 10;

/** A schedule the rule pages directly, as the form edits it ('' while none is picked). */
export interface ScheduleTargetDraft {
  key: string;
  scheduleId: string;
  ifNobodyOnCall: 'nobody' | 'teamAdmins';
  urgency: 'default' | 'high';
  roundRobin: boolean;
}

export interface SchedulePick {
  value: string;
  label: string;
}

let keys = 0;
const newKey = () => `target-${++keys}`;

/** A new row: the server's defaults (the team's admins when nobody is on call, default urgency). */
export function newScheduleTarget(): ScheduleTargetDraft {
  return {
    key: newKey(),
    scheduleId: '',
    ifNobodyOnCall: 'teamAdmins',
    urgency: 'default',
    roundRobin: false,
  };
}

export function scheduleTargetDrafts(stored: readonly StoredTarget[] | undefined): ScheduleTargetDraft[] {
  return (stored ?? []).map((target) => ({
    key: newKey(),
    scheduleId: target.scheduleId,
    ifNobodyOnCall: target.ifNobodyOnCall,
    urgency: target.urgency,
    roundRobin: target.roundRobin,
  }));
}

/**
 * The schedules a target may pick: those the user may use, plus any the rule already pages that
 * they may not (another team's, kept when the rule is shared with them: the server takes it back
 * as it is), so an edit neither blanks nor drops it.
 */
export function schedulePicks(
  usable: readonly { id: string; name: string }[],
  stored: readonly StoredTarget[] | undefined,
): SchedulePick[] {
  const picks = usable.map((schedule) => ({ value: schedule.id, label: schedule.name }));
  for (const target of stored ?? []) {
    if (!picks.some((pick) => pick.value === target.scheduleId))
      picks.push({ value: target.scheduleId, label: target.scheduleName ?? 'A schedule you cannot see' });
  }
  return picks;
}

/** The body's `scheduleTargets`, or the rows with no schedule picked (by their field path). */
export function scheduleTargetsBody(
  drafts: readonly ScheduleTargetDraft[],
):
  | { ok: true; scheduleTargets: Omit<ScheduleTargetDraft, 'key'>[] }
  | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  drafts.forEach((draft, index) => {
    if (draft.scheduleId === '') errors[`scheduleTargets.${index}.scheduleId`] = 'Pick a schedule.';
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, scheduleTargets: drafts.map(({ key: _key, ...target }) => target) };
}

/** What a target does, in words: "Pages whoever is on call, high urgency; nobody on call: the team's admins." */
export function scheduleTargetText(target: Omit<ScheduleTargetDraft, 'key'>): string {
  const who = target.roundRobin ? 'one of those on call, taking turns per alert' : 'whoever is on call';
  const urgency = target.urgency === 'high' ? ', high urgency' : '';
  const nobody =
    target.ifNobodyOnCall === 'teamAdmins'
      ? "; nobody on call: the team's admins."
      : '; nobody on call: nobody.';
  return `Pages ${who}${urgency}${nobody}`;
}
