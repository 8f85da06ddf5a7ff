export type { DatabaseTarget } from './database-target';
export type { DatabaseTimeouts } from './database-timeouts';
export { migrate } from './migrate';
export { type Database, type OpenOptions, openDatabase } from './open-database';
export {
  BackupError,
  backupDataDir,
  backupPostgres,
  restoreDataDir,
  restorePostgres,
} from './operations/backup';
export {
  checkSealedValues,
  KeyRotationError,
  type KeyRotationReport,
  rotateEncryptionKey,
  type SealedValueCheck,
} from './operations/rotate-encryption-key';
export {
  exportTables,
  importTables,
  type TableCounts,
  TableTransferError,
} from './operations/table-transfer';
export { socketOf } from './postgres/answer-deadline';
export { settlesWithin } from './settles-within';
