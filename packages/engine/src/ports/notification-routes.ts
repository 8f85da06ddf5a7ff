import type { DispatchRoutes, ProviderChainResolver } from '@oncall/workflows';

export type { EndpointRoute } from '@oncall/workflows';

/**
 * The routes both drivers dispatch by (`readDispatchFacts`, then `decideDispatch`), plus the
 * provider chains the steps of Temporal flows ask for.
 */
export interface NotificationRoutes extends DispatchRoutes, ProviderChainResolver {}
