import type { FlowStep, OtpChannel, ProviderChain, ProviderChainResolver } from '@oncall/workflows';
import type { DeliveryLane } from './delivery-lane';

/**
 * How an endpoint is notified: a flow runs its steps, any other endpoint gets a delivery through
 * its chain, in its lane, counted against its owner's share of that lane; an sms, call or email
 * endpoint while no provider config of its kind exists cannot be.
 */
export type EndpointRoute =
  | { readonly kind: 'flow'; readonly steps: readonly FlowStep[] }
  | {
      readonly kind: 'deliver';
      readonly chain: ProviderChain;
      readonly lane: DeliveryLane;
      readonly ownerId: string;
    }
  | { readonly kind: 'unconfigured'; readonly providerKind: OtpChannel };

/**
 * Where a notification goes, read when it is dispatched (provider configs and flows can change
 * while work waits in the queue).
 */
export interface NotificationRoutes extends ProviderChainResolver {
  /** Default then backup provider config of a channel, for OTP sends; null when none is configured. */
  chainForKind(kind: OtpChannel): Promise<ProviderChain | null>;
  /** One read of the endpoint (and its provider configs); null when the endpoint is gone. */
  routeOf(endpointId: string): Promise<EndpointRoute | null>;
  /**
   * Who hears of an alert event sent to a flow endpoint instead of the flow running. Null when the
   * event pages (fired, refired, status, triggered, test, or an event not found): the flow runs.
   * For a follow-up (resolved, auto_resolved, acknowledged): the flow's step endpoints that were
   * delivered a page of the event's episode (an acknowledge's: of the episodes it acknowledged),
   * in id order; empty when nobody was paged yet.
   */
  followUpTargets(alertEventId: string, flowEndpointId: string): Promise<string[] | null>;
}
