import type { FlowStep, OtpChannel, ProviderChain, ProviderChainResolver } from '@oncall/workflows';

/**
 * How an endpoint is notified: a flow runs its steps, any other endpoint gets a delivery through
 * its chain; an sms, call or email endpoint while no provider config of its kind exists cannot be.
 */
export type EndpointRoute =
  | { readonly kind: 'flow'; readonly steps: readonly FlowStep[] }
  | { readonly kind: 'deliver'; readonly chain: ProviderChain }
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
}
