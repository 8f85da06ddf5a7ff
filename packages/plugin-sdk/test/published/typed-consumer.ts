// Type-checked as a consumer's TypeScript (module nodenext) against the packed SDK's declarations.
import { defineChannel, z } from '@oncall/plugin-sdk';
import { runChannelContractTests } from '@oncall/plugin-sdk/testing';

export const echo = defineChannel({
  id: 'echo',
  displayName: 'Echo',
  configSchema: z.object({ prefix: z.string() }),
  secretFields: [],
  destinationSchema: z.object({ to: z.string() }),
  destinationSecretFields: [],
  capabilities: { otp: false, acknowledge: 'none', messengerProxy: false },
  create: (config) => ({
    send: async (_message, { destination }) => ({ providerMessageId: `${config.prefix}${destination.to}` }),
  }),
});
export const kit: typeof runChannelContractTests = runChannelContractTests;
