// Run by vitest in a project that installed the packed SDK: the contract kit against the worked examples.
import { httpStatusOf, runChannelContractTests, runSourceContractTests } from '@oncall/plugin-sdk/testing';
import { startFakeNtfy } from '../example/fake-ntfy';
import ntfy from '../example/ntfy-channel';
import uptimeKuma from '../example/uptime-kuma-source';

runChannelContractTests(ntfy, {
  signalsRateLimits: true,
  async start() {
    const fake = await startFakeNtfy();
    return {
      config: { baseUrl: fake.url, accessToken: 'tk_test' },
      destination: { topic: 'oncall-db' },
      deliveries: () => fake.published.length,
      failNext: (failure) =>
        fake.failNext(
          httpStatusOf(failure),
          failure.kind === 'rate_limited' ? String(failure.retryAfterSeconds) : undefined,
        ),
      close: fake.close,
    };
  },
});

runSourceContractTests(uptimeKuma);
