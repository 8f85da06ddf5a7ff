export { fixedAlertMessages } from './fixed-alert-messages';
export { runPagingToEnd, unfinishedPagingJobs, waitingFlowSteps } from './paging-jobs';
export {
  createTestEngine,
  type TestEngine,
  type TestEngineCore,
  type TestEngineOptions,
} from './test-engine';
