export { runChannelContractTests } from './contract-tests';
export { type ContractFixture, type ContractHarness, httpStatusOf, type SimulatedFailure } from './harness';
export { normalizeFixture } from './normalize-fixture';
export { MESSAGE_KINDS, sampleMessage } from './sample-messages';
export { MALFORMED_PAYLOADS, runSourceContractTests } from './source-contract-tests';
export { createTestContext } from './test-context';
