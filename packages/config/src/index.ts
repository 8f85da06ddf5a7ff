export { ConfigError } from './config-error';
export { type AppConfig, loadConfig } from './load-config';
export type { OidcSettings } from './oidc-settings';
export { temporalAddressSchema } from './temporal-address';
export { loadTestDatabaseEnv, type TestDatabaseEnv } from './test-database-env';
export type { TrustProxy } from './trust-proxy';
