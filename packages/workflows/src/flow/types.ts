import type { RetryPolicy } from '../delivery/retry-policy';
import type { CarriedInstances } from '../notification';

/**
 * One step of a flow endpoint, in the contract's shape.
 *
 * @example
 * const steps: FlowStep[] = [
 *   { type: 'endpoint', endpointIds: ['ep_oncall_sms'] },
 *   { type: 'wait', duration: 5, timeUnit: 'm' },
 *   { type: 'endpoint', endpointIds: ['ep_lead_call', 'ep_team_chat'] },
 * ];
 */
export type FlowStep =
  | { readonly type: 'wait'; readonly duration: number; readonly timeUnit: 's' | 'm' | 'h' }
  | { readonly type: 'endpoint'; readonly endpointIds: readonly [string, ...string[]] }
  /**
   * Only as the last step: go back to step `fromStep` (0 when absent) at most `rounds` more times,
   * until the alert is acknowledged or resolved. The steps it repeats hold a wait (validation).
   */
  | { readonly type: 'repeat'; readonly rounds: number; readonly fromStep?: number }
  | PeopleStep;

/**
 * A step that pages people, resolved when it runs (so a hand-off during an escalation pages the new
 * person): everyone on call in a schedule, one user, or everyone in a team. Each person is paged
 * by their notification rules of the step's urgency (their own endpoints, at once or after a delay),
 * or on all their own endpoints at once when they have none.
 *
 * @example
 * const primary: PeopleStep = { type: 'schedule', scheduleId: 'sch_1', ifNobodyOnCall: 'teamAdmins' };
 */
export type PeopleStep =
  | {
      readonly type: 'schedule';
      readonly scheduleId: string;
      /**
       * Nobody on call: go on to the next paging step at once (`nextStep`, the default, skipping the
       * waits before it), or page the schedule's team admins instead.
       */
      readonly ifNobodyOnCall?: 'nextStep' | 'teamAdmins';
      readonly urgency?: Urgency;
      /** Page one of the people on call per alert, the next one for the next alert. */
      readonly roundRobin?: boolean;
    }
  | {
      /** A rotation's current person (its later versions too), whatever layer masks it. */
      readonly type: 'rotation';
      readonly scheduleId: string;
      readonly rotationId: string;
      readonly ifNobodyOnCall?: 'nextStep' | 'teamAdmins';
      readonly urgency?: Urgency;
    }
  | { readonly type: 'user'; readonly userId: string; readonly urgency?: Urgency }
  | {
      readonly type: 'team';
      readonly teamId: string;
      readonly urgency?: Urgency;
      readonly roundRobin?: boolean;
    };

/**
 * How urgent a people step's page is: which of each person's notification rules it runs
 * (`default` when the step does not say).
 */
export type Urgency = 'default' | 'high';

export type FlowOutcome = 'completed' | 'acknowledged' | 'resolved';

/**
 * The whole memory of one running flow, plain JSON.
 *
 * @example
 * // waiting out step 1 (5 minutes) after paging step 0
 * const state: FlowState = { steps, phase: 'waiting', stepIndex: 1, outcome: null };
 */
export interface FlowState {
  readonly steps: readonly FlowStep[];
  /** idle: not started; notifying: deliveries of `stepIndex` are being dispatched; waiting: a wait step runs. */
  readonly phase: 'idle' | 'notifying' | 'waiting' | 'finished';
  readonly stepIndex: number;
  /** How many times a `repeat` step went back; absent in flows started before repeats existed. */
  readonly round?: number;
  readonly outcome: FlowOutcome | null;
}

/**
 * What happened to a flow. `notificationsDispatched` names its step (and round, 0 when absent) and
 * `timerFired` its timer, so a duplicate (at-least-once jobs) cannot skip a step.
 *
 * @example
 * const ack: FlowEvent = { type: 'acknowledged' };
 * const fired: FlowEvent = { type: 'timerFired', timerId: 'step:1' };
 */
export type FlowEvent =
  | { readonly type: 'started' }
  | { readonly type: 'timerFired'; readonly timerId: string }
  | { readonly type: 'notificationsDispatched'; readonly stepIndex: number; readonly round?: number }
  /**
   * A people step's pages were dispatched; `paged` counts them (0: nobody could be paged). `round`
   * as in `notificationsDispatched`.
   */
  | {
      readonly type: 'peoplePaged';
      readonly stepIndex: number;
      readonly paged: number;
      readonly round?: number;
    }
  | { readonly type: 'acknowledged' }
  | { readonly type: 'resolved' };

/**
 * What the driver must do next.
 *
 * @example
 * const notify: FlowCommand = { type: 'notify', endpointIds: ['ep_lead_call'], stepIndex: 2 };
 * const wait: FlowCommand = { type: 'wait', ms: 300_000, timerId: 'step:1' };
 */
export type FlowCommand =
  /**
   * Start one delivery per endpoint, then report `notificationsDispatched` for this step and round.
   * `round` is present from the first repeat on: it keys the deliveries apart from earlier rounds'.
   */
  | {
      readonly type: 'notify';
      readonly endpointIds: readonly string[];
      readonly stepIndex: number;
      readonly round?: number;
    }
  /**
   * Resolve the people of `step` now (`OnCallPeople`), start one delivery per endpoint of theirs,
   * then report `peoplePaged` for this step and round. `round` as in `notify`.
   */
  | { readonly type: 'page'; readonly step: PeopleStep; readonly stepIndex: number; readonly round?: number }
  /** Wait, then report `timerFired` with this `timerId`; a new wait replaces any pending one. */
  | { readonly type: 'wait'; readonly ms: number; readonly timerId: string }
  | { readonly type: 'finish'; readonly outcome: FlowOutcome };

/**
 * Everything a driver needs to run one flow endpoint for one alert event.
 *
 * @example
 * const input: FlowInput = {
 *   alertEventId: 'evt_1', flowEndpointId: 'ep_flow', state: initialFlowState(steps), retryPolicy: DEFAULT_RETRY_POLICY,
 * };
 */
export interface FlowInput {
  readonly alertEventId: string;
  readonly flowEndpointId: string;
  readonly state: FlowState;
  /** Policy of the deliveries the flow starts. */
  readonly retryPolicy: RetryPolicy;
  /**
   * A group flow (docs/grouping.md, flow endpoints): the instances a group interval gathered, which
   * every message of the flow carries; `alertEventId` is the first opening among them. Absent: the
   * flow of one event.
   */
  readonly carried?: CarriedInstances;
}
