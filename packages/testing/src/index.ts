export { MutableClock } from './core/mutable-clock';
export { type RecordedCall, RecordingOrchestrator } from './core/recording-orchestrator';
export { ADMIN, createTestCore, type TestCore, type TestCoreOptions } from './core/test-core';
export { adminQuery, findPostgres } from './database/postgres-probe';
export { createTestDatabase, type TestDatabase } from './database/test-database';
export { fixedAlertMessages } from './engine/fixed-alert-messages';
export { runPagingToEnd, unfinishedPagingJobs, waitingFlowSteps } from './engine/paging-jobs';
export { createTestEngine, type TestEngine, type TestEngineOptions } from './engine/test-engine';
