export { MutableClock } from './core/mutable-clock';
export { type RecordedCall, RecordingOrchestrator } from './core/recording-orchestrator';
export { ADMIN, createTestCore, type TestCore, type TestCoreOptions } from './core/test-core';
