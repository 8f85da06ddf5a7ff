export { runChannelContractTests } from './contract-tests';
export { type ContractFixture, type ContractHarness, httpStatusOf, type SimulatedFailure } from './harness';
export { MESSAGE_KINDS, sampleMessage } from './sample-messages';
export { createTestContext } from './test-context';
