export type { DatabaseTarget } from './database-target';
export { migrate } from './migrate';
export { type Database, type OpenOptions, openDatabase } from './open-database';
