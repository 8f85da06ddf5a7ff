import { ApplicationFailure } from '@temporalio/common';
import type { ProviderChain } from '../delivery/types';
import { decideDispatch } from '../dispatch/decide';
import { readDispatchFacts } from '../dispatch/read-facts';
import type { FlowStepCommand, FlowStepDispatch } from '../dispatch/types';
import { unconfiguredError } from '../dispatch/unconfigured-error';
import type {
  ChannelSender,
  DeliveryLog,
  DeliveryLogEntry,
  DispatchRoutes,
  InstanceResolver,
  ProviderChainResolver,
  ResolveInstanceRequest,
  SendRequest,
} from '../ports';
import { classifySendError } from '../send-error';
import { SEND_FAILURE_TYPES, type SendFailureDetails } from './send-failure';

export interface SendNotificationResult {
  readonly latencyMs: number;
}

export interface EndpointProviderChain {
  readonly endpointId: string;
  readonly chain: ProviderChain;
}

/** The activities the workflows call, by name. */
export interface Activities {
  /** One attempt; throws an `ApplicationFailure` typed by `SEND_FAILURE_TYPES` (permanent ones non-retryable). */
  sendNotification(request: SendRequest): Promise<SendNotificationResult>;
  recordDeliveryAttempt(entry: DeliveryLogEntry): Promise<void>;
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
  resolveInstance(request: ResolveInstanceRequest): Promise<void>;
}

export interface ActivityDeps {
  readonly sender: ChannelSender;
  readonly deliveryLog: DeliveryLog;
  /** For `resolveProviderChains`, which only flows started before `routeFlowStep` existed call. */
  readonly providerChains: ProviderChainResolver;
  readonly routes: DispatchRoutes;
  readonly instances: InstanceResolver;
  /** Monotonic milliseconds for send latency; `performance.now` unless a test pins it. */
  readonly now?: () => number;
}

/**
 * Activities over ports only, so the worker's composition root decides what sends and stores.
 *
 * @example
 * const worker = await Worker.create({ workflowsPath, activities: createActivities({ sender, deliveryLog, providerChains, routes, instances }), ... });
 */
export function createActivities(deps: ActivityDeps): Activities {
  const now = deps.now ?? (() => performance.now());
  return {
    async sendNotification(request) {
      const startedAt = now();
      try {
        await deps.sender.send(request);
        return { latencyMs: now() - startedAt };
      } catch (error) {
        const failure = classifySendError(error);
        const details: SendFailureDetails = {
          latencyMs: now() - startedAt,
          ...(failure.retryAfterMs === undefined ? {} : { retryAfterMs: failure.retryAfterMs }),
        };
        throw ApplicationFailure.create({
          type: SEND_FAILURE_TYPES[failure.kind],
          message: failure.message,
          // The delivery decider owns retries; a permanent failure must never be retried by Temporal either.
          nonRetryable: failure.kind === 'permanent',
          details: [details],
          cause: error instanceof Error ? error : undefined,
        });
      }
    },
    async recordDeliveryAttempt(entry) {
      await deps.deliveryLog.append(entry);
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
    async resolveInstance(request) {
      await deps.instances.resolve(request);
    },
  };
}
