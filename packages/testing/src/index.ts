export { createTestDatabase, type TestDatabase } from './database/test-database';
