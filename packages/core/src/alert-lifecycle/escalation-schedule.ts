import type { FlowStep } from '../entities/endpoint.entity';

const MS_PER_UNIT = { s: 1_000, m: 60_000, h: 3_600_000 } as const;

/** A flow endpoint a rule pages, with its steps. */
export interface PagedFlow {
  id: string;
  name: string;
  steps: readonly FlowStep[];
}

/** The next step of an escalation that is waiting: which flow, which step, and when it runs. */
export interface NextEscalation {
  /** ISO 8601. */
  at: string;
  flow: { id: string; name: string };
  /** The step's place in its flow, from 0. */
  stepIndex: number;
  /** How many endpoints that step pages; 0 for a people step (schedule, user, team), resolved when it runs. */
  endpoints: number;
}

/**
 * When each endpoint step of a flow runs, counted from the flow's start: a flow runs its steps in
 * order, an endpoint step takes no time of its own, a wait step waits its length and a repeat step
 * runs its range again (the engine's `decideFlow`), so step k runs after the waits before it, once
 * per round.
 */
export function endpointStepOffsets(
  steps: readonly FlowStep[],
): { stepIndex: number; offsetMs: number; endpoints: number }[] {
  const offsets: { stepIndex: number; offsetMs: number; endpoints: number }[] = [];
  let waited = 0;
  let round = 0;
  for (let stepIndex = 0; stepIndex < steps.length; stepIndex += 1) {
    const step = steps[stepIndex];
    if (step === undefined) break;
    if (step.type === 'wait') waited += step.duration * MS_PER_UNIT[step.timeUnit];
    else if (step.type === 'repeat') {
      if (round < step.rounds && (step.fromStep ?? 0) < stepIndex) {
        round += 1;
        // The loop's own increment lands on `fromStep`.
        stepIndex = (step.fromStep ?? 0) - 1;
      }
    }
    // A people step's endpoints are known only when it runs (who is on call then): counted as none.
    else
      offsets.push({
        stepIndex,
        offsetMs: waited,
        endpoints: step.type === 'endpoint' ? new Set(step.endpointIds).size : 0,
      });
  }
  return offsets;
}

/**
 * The soonest endpoint step still ahead of `now` over every flow started by one of `starts` (the
 * times of the episode's events that page: its opening fire, refires, worsening changes). The
 * schedule is the flows' own arithmetic from those times, not the engine's timers, so it can be
 * late by the time a queued job takes to start; it is null when nothing is left to run.
 */
export function nextEscalation(
  starts: readonly Date[],
  flows: readonly PagedFlow[],
  now: Date,
): NextEscalation | null {
  let best: NextEscalation | null = null;
  let bestAt = Number.POSITIVE_INFINITY;
  for (const flow of flows) {
    const offsets = endpointStepOffsets(flow.steps);
    for (const start of starts) {
      for (const step of offsets) {
        const at = start.getTime() + step.offsetMs;
        if (at > now.getTime() && at < bestAt) {
          bestAt = at;
          best = {
            at: new Date(at).toISOString(),
            flow: { id: flow.id, name: flow.name },
            stepIndex: step.stepIndex,
            endpoints: step.endpoints,
          };
        }
      }
    }
  }
  return best;
}
