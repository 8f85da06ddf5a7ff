export { MutableClock } from './core/mutable-clock';
export { ADMIN, createTestCore, type TestCore } from './core/test-core';
export { createTestDatabase, type TestDatabase } from './database/test-database';
