export type { DatabaseTarget } from './database-target';
export type { DatabaseTimeouts } from './database-timeouts';
export { migrate } from './migrate';
export { type Database, type OpenOptions, openDatabase } from './open-database';
export {
  KeyRotationError,
  type KeyRotationReport,
  rotateEncryptionKey,
} from './operations/rotate-encryption-key';
export { socketOf } from './postgres/answer-deadline';
export { settlesWithin } from './settles-within';
