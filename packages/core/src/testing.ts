// `@oncall/core/testing`: what only tests outside the core reach for (the adapters the delivery
// store composes, one at a time; the fire paths and helpers a test drives directly). Production
// code takes the main barrel, which does not carry these.
export { apiFingerprint } from './alert-lifecycle/fingerprint';
export {
  FireBatcher,
  type FireBatcherLimits,
  type FireBatcherSettings,
} from './alert-lifecycle/fire-batcher';
export { type OneStatementFire, oneStatementFire } from './alert-lifecycle/fire-in-one-statement';
export { DEFAULT_MAX_ENDPOINTS_PER_RULE } from './alert-rules/endpoint-cap';
export { maskSecret } from './crypto/secret-box';
export { type QueriedDataSource, queriedDataSource } from './data-sources/query-target';
export { createDeliveryAttemptLog } from './delivery/delivery-attempt-log';
export {
  markUndeliverable,
  type UndeliverablePage as UndeliverablePageRef,
} from './delivery/undeliverable-pages';
export { type ActiveMessengerProxy, activeMessengerProxy } from './messenger-proxies/active-messenger-proxy';
export { readEventMessageFacts } from './notifications/alert-event-messages';
export { createDeliveryTargets, type DeliveryTargetsOptions } from './notifications/delivery-targets';
export { freshEventFactsOf } from './notifications/fresh-event-facts';
export {
  createNotificationRoutes,
  type NotificationRoutesOptions,
} from './notifications/notification-routes';
export { BUILT_IN, type PluginKind, PluginLoadError } from './plugins/plugin-load-error';
export { createPluginRegistry } from './plugins/plugin-registry';
export { providerChainFor } from './provider-configs/provider-chain';
export { loadProviderSettings, type ProviderSettings } from './provider-configs/provider-settings';
export { type ProviderTarget, providerTarget } from './provider-configs/provider-target';
