/**
 * A step that pages people, resolved when it runs: whoever is on call in a schedule, one user (on
 * their own endpoints), or everyone in a team. The shapes of the flow contract's people steps.
 */
export type PeopleStepInput = (
  | { type: 'schedule'; scheduleId: string; ifNobodyOnCall?: 'nextStep' | 'teamAdmins'; roundRobin?: boolean }
  | { type: 'rotation'; scheduleId: string; rotationId: string; ifNobodyOnCall?: 'nextStep' | 'teamAdmins' }
  | { type: 'user'; userId: string }
  | { type: 'team'; teamId: string; roundRobin?: boolean }
) & {
  /** Which of each person's notification rules the step runs; default when absent. */
  urgency?: 'default' | 'high';
};

/** Names of what people steps point at, by id: the pickers' options. */
export interface PeopleNames {
  schedules: ReadonlyMap<string, string>;
  users: ReadonlyMap<string, string>;
  teams: ReadonlyMap<string, string>;
}

/**
 * A flow step as the editor holds it: a wait, a notification of some endpoints, a people step, or a
 * final repeat of the steps from `fromStep` (an index) on.
 */
export type DraftStep =
  | { key: string; type: 'wait'; duration: number; timeUnit: 's' | 'm' | 'h' }
  | { key: string; type: 'endpoint'; endpointIds: string[] }
  | { key: string; type: 'repeat'; rounds: number; fromStep?: number }
  | ({ key: string } & PeopleStepInput);

export type FlowStepInput =
  | { type: 'wait'; duration: number; timeUnit: 's' | 'm' | 'h' }
  | { type: 'endpoint'; endpointIds: string[] }
  | { type: 'repeat'; rounds: number; fromStep?: number }
  | PeopleStepInput;

/**
 * What a people step pages, in words, with the names the user knows ("Pages whoever is on call in
 * Primary; nobody on call: the team's admins. High urgency."). An id without a name (not chosen yet, or out of
 * the user's sight) is said so rather than shown raw.
 */
export function describePeopleStep(step: PeopleStepInput, names: PeopleNames): string {
  return `${describeTargets(step, names)} ${step.urgency === 'high' ? 'High' : 'Default'} urgency.`;
}

function describeTargets(step: PeopleStepInput, names: PeopleNames): string {
  const named = (map: ReadonlyMap<string, string>, id: string, what: string) =>
    id === '' ? `no ${what} yet` : (map.get(id) ?? `a ${what} you cannot see`);
  const ifNobody = (choice: 'nextStep' | 'teamAdmins' | undefined) =>
    choice === 'teamAdmins'
      ? "; nobody on call: the team's admins."
      : '; nobody on call: the next step at once.';
  switch (step.type) {
    case 'schedule': {
      const schedule = named(names.schedules, step.scheduleId, 'schedule');
      return step.roundRobin
        ? `Pages one of those on call in ${schedule}, taking turns per alert${ifNobody(step.ifNobodyOnCall)}`
        : `Pages whoever is on call in ${schedule}${ifNobody(step.ifNobodyOnCall)}`;
    }
    case 'rotation':
      return `Pages the current person of one rotation in ${named(names.schedules, step.scheduleId, 'schedule')}${ifNobody(step.ifNobodyOnCall)}`;
    case 'user':
      return `Pages ${named(names.users, step.userId, 'user')} on their own endpoints.`;
    case 'team':
      return step.roundRobin
        ? `Pages one person of ${named(names.teams, step.teamId, 'team')}, taking turns per alert, on their own endpoints.`
        : `Pages everyone in ${named(names.teams, step.teamId, 'team')} on their own endpoints.`;
  }
}

let nextKey = 0;
/** A stable React key per step, so reordering moves the step's inputs with it. */
const newKey = () => `step-${++nextKey}`;

/**
 * A step the editor adds. A people step starts with nothing picked: saved so, the server names the
 * field to pick at.
 */
export function newStep(type: Exclude<DraftStep['type'], 'rotation'>): DraftStep {
  switch (type) {
    case 'wait':
      return { key: newKey(), type: 'wait', duration: 5, timeUnit: 'm' };
    case 'endpoint':
      return { key: newKey(), type: 'endpoint', endpointIds: [] };
    case 'repeat':
      return { key: newKey(), type: 'repeat', rounds: 3, fromStep: 0 };
    case 'schedule':
      return { key: newKey(), type: 'schedule', scheduleId: '', ifNobodyOnCall: 'nextStep' };
    case 'user':
      return { key: newKey(), type: 'user', userId: '' };
    case 'team':
      return { key: newKey(), type: 'team', teamId: '' };
  }
}

export function draftSteps(steps: readonly FlowStepInput[]): DraftStep[] {
  return steps.map((step) => ({ ...step, key: newKey() }));
}

export function stepInputs(steps: readonly DraftStep[]): FlowStepInput[] {
  return steps.map(({ key: _key, ...step }) => step);
}

/** The steps with the one at `index` moved by `delta` places; unchanged at either end. */
export function moveStep(steps: readonly DraftStep[], index: number, delta: -1 | 1): DraftStep[] {
  const target = index + delta;
  if (index < 0 || index >= steps.length || target < 0 || target >= steps.length) return [...steps];
  const moved = [...steps];
  const [step] = moved.splice(index, 1);
  if (step) moved.splice(target, 0, step);
  return moved;
}

/** How long a flow waits in all, for the editor's summary ("waits 15 min in all"). */
export function totalWaitSeconds(steps: readonly DraftStep[]): number {
  const unit = { s: 1, m: 60, h: 3600 } as const;
  return steps.reduce(
    (sum, step) => (step.type === 'wait' ? sum + step.duration * unit[step.timeUnit] : sum),
    0,
  );
}
