export { adminQuery, findPostgres } from './postgres-probe';
export { createTestDatabase, type TestDatabase } from './test-database';
