import { ApplicationFailure } from '@temporalio/common';
import type { BusySlots, LaneSlots, TakenSlots } from '../delivery/lane-slots';
import type { ProviderChain } from '../delivery/types';
import { decideDispatch } from '../dispatch/decide';
import { readDispatchFacts } from '../dispatch/read-facts';
import { type DelayedPage, type PeopleStepRequest, routePeopleStep } from '../dispatch/route-people-step';
import type { FlowStepCommand, FlowStepDispatch } from '../dispatch/types';
import { unconfiguredError } from '../dispatch/unconfigured-error';
import type {
  ChannelSender,
  DeliveryLog,
  DeliverySharesReader,
  DispatchRoutes,
  InstanceResolver,
  LoggedAttempt,
  OnCallPeople,
  ProviderChainResolver,
  ResolveInstanceRequest,
  SendRequest,
  UndeliverableReports,
} from '../ports';
import { classifySendError, SendDeferred } from '../send-error';
import { LANE_BUSY_FAILURE_TYPE } from './lane-busy';
import { SEND_DEFERRED_FAILURE_TYPE, type SendDeferredDetails } from './send-deferred';
import { SEND_FAILURE_TYPES, type SendFailureDetails } from './send-failure';

export interface SendNotificationResult {
  readonly latencyMs: number;
}

export interface EndpointProviderChain {
  readonly endpointId: string;
  readonly chain: ProviderChain;
}

/** The activities the workflows call, by name. */
/** A people step's pages: started now, and held back by the people's notification rules. */
export interface HeldPeopleStepRoute {
  readonly now: Array<Extract<FlowStepCommand, { type: 'deliver' }>>;
  readonly later: DelayedPage[];
}

export interface Activities {
  /**
   * One attempt; throws an `ApplicationFailure` typed by `SEND_FAILURE_TYPES` (permanent ones
   * non-retryable), or typed `LANE_BUSY_FAILURE_TYPE` without calling the vendor when a share of
   * the send's lane is full in this worker (no attempt: the workflow asks again later), or typed
   * `SEND_DEFERRED_FAILURE_TYPE` when the sender deferred it (pacing, the vendor's `429`: no attempt
   * either, the workflow asks again after the wait it names).
   */
  sendNotification(request: SendRequest): Promise<SendNotificationResult>;
  recordDeliveryAttempt(entry: LoggedAttempt): Promise<void>;
  /**
   * Chains of the endpoints that can be delivered to, in the order asked; the others are left out.
   * Kept for flows whose history predates `routeFlowStep`.
   */
  resolveProviderChains(request: {
    readonly endpointIds: readonly string[];
  }): Promise<EndpointProviderChain[]>;
  /**
   * Routes one endpoint of a flow step with `decideDispatch`: the delivery to start (and on which
   * lane), or nothing. Throws while the endpoint's kind has no provider config, so Temporal retries
   * it, visibly, until one is added.
   */
  routeFlowStep(request: FlowStepDispatch): Promise<Exclude<FlowStepCommand, { type: 'fail' }>>;
  /**
   * Routes a people step (`routePeopleStep`) at the instant the workflow gives: the deliveries to
   * start, one per endpoint of each person it names then. Throws, like `routeFlowStep`, while an
   * endpoint's kind has no provider config.
   */
  routePeopleStep(request: PeopleStepRequest): Promise<Array<Extract<FlowStepCommand, { type: 'deliver' }>>>;
  /**
   * Routes a people step as `routePeopleStep` does, but hands the pages a person's notification
   * rules delay back unrouted (`later`): the flow workflow keeps each in a durable timer and routes
   * it (`routeFlowStep`) when due, unless the alert was acknowledged or resolved meanwhile.
   */
  routePeopleStepHeld(request: PeopleStepRequest): Promise<HeldPeopleStepRoute>;
  resolveInstance(request: ResolveInstanceRequest): Promise<void>;
  /** A page every provider config failed (see `UndeliverableReports`); nothing without the port. */
  reportUndeliverable(page: { readonly alertEventId: string; readonly endpointId: string }): Promise<void>;
}

export interface ActivityDeps {
  readonly sender: ChannelSender;
  readonly deliveryLog: DeliveryLog;
  /** For `resolveProviderChains`, which only flows started before `routeFlowStep` existed call. */
  readonly providerChains: ProviderChainResolver;
  readonly routes: DispatchRoutes;
  /** Whom a people step (schedule, user, team) pages. */
  readonly people: OnCallPeople;
  readonly instances: InstanceResolver;
  /** Pages every provider config failed; absent, they are only in the delivery log's attempts. */
  readonly undeliverable?: UndeliverableReports;
  /** Whom an email or chat send counts against (null for a page: unbounded), read when it runs. */
  readonly shares: DeliverySharesReader;
  /**
   * The slow lanes' shares of this worker process, one instance for all its workers: a send holds a
   * slot of its endpoint owner, rule and rule owner while it runs, sized against the lane workers'
   * activity slots so one member's tarpits never hold all of them.
   */
  readonly laneSlots: LaneSlots;
  /** Monotonic milliseconds for send latency; `performance.now` unless a test pins it. */
  readonly now?: () => number;
}

/**
 * Activities over ports only, so the worker's composition root decides what sends and stores.
 *
 * @example
 * const worker = await Worker.create({ workflowsPath, activities: createActivities({ sender, deliveryLog, providerChains, routes, instances, shares: routes, laneSlots }), ... });
 */
export function createActivities(deps: ActivityDeps): Activities {
  const now = deps.now ?? (() => performance.now());
  const sendFailure = (error: unknown, startedAt: number): ApplicationFailure => {
    const failure = classifySendError(error);
    const details: SendFailureDetails = {
      latencyMs: now() - startedAt,
      ...(failure.retryAfterMs === undefined ? {} : { retryAfterMs: failure.retryAfterMs }),
    };
    return ApplicationFailure.create({
      type: SEND_FAILURE_TYPES[failure.kind],
      message: failure.message,
      // The delivery decider owns retries; a permanent failure must never be retried by Temporal either.
      nonRetryable: failure.kind === 'permanent',
      details: [details],
      cause: error instanceof Error ? error : undefined,
    });
  };
  const laneSlotOf = async (request: SendRequest): Promise<TakenSlots | BusySlots | null> => {
    const shares = await deps.shares.sharesOf(request.notification);
    return shares === null ? null : deps.laneSlots.take(shares);
  };
  return {
    async sendNotification(request) {
      const startedAt = now();
      let slot: TakenSlots | BusySlots | null;
      try {
        slot = await laneSlotOf(request);
      } catch (error) {
        // The shares are read from the database the sender resolves the message from: its outage
        // fails the attempt as the sender's own read would.
        throw sendFailure(error, startedAt);
      }
      if (slot?.taken === false) {
        // Refused before the vendor is called, holding no activity slot while it waits: the workflow
        // asks again later, so one member's hanging sends never hold every worker of the lane.
        throw ApplicationFailure.create({
          type: LANE_BUSY_FAILURE_TYPE,
          message: `Lane share full: ${slot.busy}`,
        });
      }
      try {
        await deps.sender.send(request);
        return { latencyMs: now() - startedAt };
      } catch (error) {
        if (error instanceof SendDeferred) {
          const details: SendDeferredDetails = { waitMs: error.waitMs };
          throw ApplicationFailure.create({
            type: SEND_DEFERRED_FAILURE_TYPE,
            message: error.message,
            nonRetryable: true,
            details: [details],
          });
        }
        throw sendFailure(error, startedAt);
      } finally {
        slot?.release();
      }
    },
    async recordDeliveryAttempt(entry) {
      await deps.deliveryLog.append(entry);
    },
    async reportUndeliverable(page) {
      await deps.undeliverable?.report(page);
    },
    async resolveProviderChains({ endpointIds }) {
      const chains = await Promise.all(
        endpointIds.map(async (endpointId) => ({
          endpointId,
          chain: await deps.providerChains.chainFor(endpointId),
        })),
      );
      return chains.filter((entry): entry is EndpointProviderChain => entry.chain !== null);
    },
    async routeFlowStep(request) {
      const command = decideDispatch(await readDispatchFacts(request, deps.routes));
      if (command.type === 'fail') throw unconfiguredError(command.unconfigured, command.target);
      return command;
    },
    async routePeopleStepHeld(request) {
      const { now, later } = await routePeopleStep(request, deps.people, deps.routes);
      const failed = now.find((command) => command.type === 'fail');
      if (failed) throw unconfiguredError(failed.unconfigured, failed.target);
      return {
        now: now.filter((command) => command.type === 'deliver'),
        later: later.map(({ delayMs, dispatch }) => ({ delayMs, dispatch })),
      };
    },
    async routePeopleStep(request) {
      // Flows started before held pages existed replay this: their delayed pages go at once.
      const { now, later } = await routePeopleStep(request, deps.people, deps.routes);
      const commands = [
        ...now,
        ...(await Promise.all(
          later.map(async ({ dispatch }) => decideDispatch(await readDispatchFacts(dispatch, deps.routes))),
        )),
      ];
      const failed = commands.find((command) => command.type === 'fail');
      if (failed) throw unconfiguredError(failed.unconfigured, failed.target);
      return commands.filter((command) => command.type === 'deliver');
    },
    async resolveInstance(request) {
      await deps.instances.resolve(request);
    },
  };
}
