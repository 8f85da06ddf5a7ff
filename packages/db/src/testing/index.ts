export { adminQuery, findPostgres } from './postgres-probe';
export { createTestDatabase, type TestDatabase, type TestDatabaseOptions } from './test-database';
