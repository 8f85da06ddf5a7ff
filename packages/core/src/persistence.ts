// `@oncall/core/persistence`: the core's tables as the ORM declares them (the entity classes, the
// `entities` and `routines` lists the database package registers) and the SQL helpers, for the
// database package, the capability modules whose entities refer to the core's, and tests that read
// or seed rows. The main barrel carries the domain types and constants of these modules, not them.
export * from './entities/index';
export { isDatabaseUnavailable } from './persistence/database-unavailable';
export { isForeignKeyViolation } from './persistence/foreign-key-violation';
export { queryRows } from './persistence/query-rows';
export { runStatement } from './persistence/run-statement';
export { openJson, sealJson } from './provider-configs/sealed-json';
