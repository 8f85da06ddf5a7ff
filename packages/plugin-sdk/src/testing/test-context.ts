import type { ChannelContext, ChannelLogger } from '../context';

const silentLogger: ChannelLogger = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * A ChannelContext for tests: the runtime's fetch, a silent logger and the system clock, each
 * replaceable.
 *
 * @example const ctx = createTestContext({ fetch: guardedFetch });
 */
export function createTestContext(overrides: Partial<ChannelContext> = {}): ChannelContext {
  return { fetch: globalThis.fetch, logger: silentLogger, clock: { now: () => new Date() }, ...overrides };
}
