/**
 * A step that pages people (a schedule's on-call people, a user, a team). The editor keeps such
 * steps as they came and shows them; they are written through the API for now.
 */
export type PeopleStepInput =
  | { type: 'schedule'; scheduleId: string; ifNobodyOnCall?: 'nextStep' | 'teamAdmins'; roundRobin?: boolean }
  | { type: 'rotation'; scheduleId: string; rotationId: string; ifNobodyOnCall?: 'nextStep' | 'teamAdmins' }
  | { type: 'user'; userId: string }
  | { type: 'team'; teamId: string; roundRobin?: boolean };

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

/** What a people step pages, in words, e.g. "whoever is on call in schedule 0190…". */
export function describePeopleStep(step: PeopleStepInput): string {
  const ifNobody = (choice: 'nextStep' | 'teamAdmins' | undefined) =>
    choice === 'teamAdmins' ? "; nobody on call: the team's admins" : '; nobody on call: next step';
  switch (step.type) {
    case 'schedule':
      return step.roundRobin
        ? `Pages one of those on call in schedule ${step.scheduleId}, taking turns per alert${ifNobody(step.ifNobodyOnCall)}.`
        : `Pages whoever is on call in schedule ${step.scheduleId}${ifNobody(step.ifNobodyOnCall)}.`;
    case 'rotation':
      return `Pages the current person of rotation ${step.rotationId} in schedule ${step.scheduleId}${ifNobody(step.ifNobodyOnCall)}.`;
    case 'user':
      return `Pages user ${step.userId} on their own endpoints.`;
    case 'team':
      return step.roundRobin
        ? `Pages one person of team ${step.teamId}, taking turns per alert, on their own endpoints.`
        : `Pages everyone in team ${step.teamId} on their own endpoints.`;
  }
}

let nextKey = 0;
/** A stable React key per step, so reordering moves the step's inputs with it. */
const newKey = () => `step-${++nextKey}`;

/** A step the editor can add; people steps are written through the API for now. */
export function newStep(type: 'wait' | 'endpoint' | 'repeat'): DraftStep {
  switch (type) {
    case 'wait':
      return { key: newKey(), type: 'wait', duration: 5, timeUnit: 'm' };
    case 'endpoint':
      return { key: newKey(), type: 'endpoint', endpointIds: [] };
    case 'repeat':
      return { key: newKey(), type: 'repeat', rounds: 3, fromStep: 0 };
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
