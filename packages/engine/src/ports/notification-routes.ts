import type { DeliverySharesReader, DispatchRoutes, ProviderChainResolver } from '@oncall/workflows';

export type { EndpointRoute } from '@oncall/workflows';

/**
 * The routes both drivers dispatch by (`readDispatchFacts`, then `decideDispatch`), plus the
 * provider chains the Temporal flows started before their steps were routed still ask for, and whom
 * a slow lane's send counts against.
 */
export interface NotificationRoutes extends DispatchRoutes, ProviderChainResolver, DeliverySharesReader {}
