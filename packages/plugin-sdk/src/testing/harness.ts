import type { z } from 'zod';
import type { AnyChannelDefinition } from '../channel';
import type { ChannelContext } from '../context';

/**
 * A failure the fake vendor must produce on its next answer, in protocol-neutral terms. An HTTP
 * harness answers with {@link httpStatusOf}; an SMTP harness with 451 (transient) or 530/550
 * (permanent).
 *
 * @example { kind: 'rate_limited', retryAfterSeconds: 7 } // → HTTP 429 with Retry-After: 7
 */
export type SimulatedFailure =
  | { readonly kind: 'transient' }
  | { readonly kind: 'permanent'; readonly reason: 'rejected' | 'unauthorized' }
  | { readonly kind: 'rate_limited'; readonly retryAfterSeconds: number };

/**
 * One running fake vendor, started for one test.
 *
 * @example
 * { config: { baseUrl: fake.url, apiToken: 't' }, destination: { value: '0912' },
 *   deliveries: () => fake.requests.length, failNext: (f) => fake.failNext(httpStatusOf(f)), close: fake.close }
 */
export interface ContractFixture<Definition extends AnyChannelDefinition> {
  /** Raw config as an admin would enter it; the kit parses it with `configSchema`. */
  readonly config: z.input<Definition['configSchema']>;
  /** Raw destination as stored on an endpoint; the kit parses it with `destinationSchema`. */
  readonly destination: z.input<Definition['destinationSchema']>;
  /** Overrides of the default test context (for example a fetch that allows 127.0.0.1). */
  readonly context?: Partial<ChannelContext>;
  /** How many sends the fake vendor has received so far, failed ones included. */
  deliveries(): number;
  /** Makes the fake's next answer the given failure. */
  failNext(failure: SimulatedFailure): void;
  close(): Promise<void>;
}

/**
 * How the contract kit drives a plugin's fake vendor.
 *
 * @example
 * const harness: ContractHarness<typeof plugin> = { signalsRateLimits: true, start: async () => fixture };
 */
export interface ContractHarness<Definition extends AnyChannelDefinition> {
  /** False for protocols with no rate-limit answer (SMTP); the kit then has no rate-limit case. */
  readonly signalsRateLimits: boolean;
  /** Starts a fresh fake vendor; called before each contract case. */
  start(): Promise<ContractFixture<Definition>>;
}

/**
 * The HTTP status an HTTP fake should answer for a simulated failure.
 *
 * @example fake.failNext(httpStatusOf({ kind: 'transient' })) // 500
 */
export function httpStatusOf(failure: SimulatedFailure): number {
  switch (failure.kind) {
    case 'transient':
      return 500;
    case 'rate_limited':
      return 429;
    case 'permanent':
      return failure.reason === 'unauthorized' ? 401 : 400;
  }
}
